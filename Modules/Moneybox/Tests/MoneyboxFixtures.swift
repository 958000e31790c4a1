import Foundation

/// Answers shaped like the real API's: dozens of fields the module ignores, long decimals, nulls.
enum MoneyboxFixtures {
    static let login = """
        {"User":{"UserId":"a1b2c3d4-0000-4e5f-8a9b-0c1d2e3f4a5b","HasVerifiedEmail":true,"IsPinSet":true,"AmlStatus":"Passed",
        "AmlAttempts":1,"RoundUpMode":"Off","JisaRegistrationStatus":"Unknown","JisaRoundUpMode":"Off","InvestmentTotal":0.000000,
        "CanReinstateMandate":false,"DirectDebitMandateStatus":"Active","FirstName":"Michael","LastName":"Jordan",
        "Email":"test+ios@moneyboxapp.com","MobileNumber":"07700900123","ReferralCode":"M9JRDN","Cohort":15,"Animal":null,
        "DateCreated":"2018-05-10T12:00:00","Roles":["Customer"],"PreviousMoneyboxAmount":null},
        "Session":{"BearerToken":"TsMWRkbrcu3NGrpf84gi2+pg0iOMVymyKklmkY0oI84=","ExternalSessionId":"4f1ecd8c-1b4a-4d1e-9b36-9a1c0e7e1f2a",
        "SessionExternalId":"4f1ecd8c-1b4a-4d1e-9b36-9a1c0e7e1f2a","ExpiryInSeconds":0},"ActionMessage":null,"InformationMessage":null}
        """

    static let products = """
        {"MoneyboxEndOfTaxYear":"2027-04-05T00:00:00","TotalPlanValue":5651.960000,"TotalEarnings":401.960000,
        "TotalContributionsNet":5250.000000,"TotalEarningsAsPercentage":0.076564,
        "ProductResponses":[
          {"Id":8043,"AssetBoxGlobalId":"9b6d4c1e-8043","PlanValue":2958.160000,"Moneybox":30.000000,"SubscriptionAmount":0,
           "TotalFees":1.3700000000000001,"IsSelected":false,"IsFavourite":false,"CollectionDayMessage":"Your next collection is on Monday",
           "WrapperId":"f00d","IsCashBox":false,"PendingInstantBankTransferAmount":0,"AssetBox":{"Title":null},
           "Product":{"Id":3,"Name":"Stocks and Shares ISA","CategoryType":"Investment","Type":"Isa","FriendlyName":"Stocks & Shares ISA",
             "CanWithdraw":false,"ProductHexCode":"30B5F0","AnnualLimit":20000,"DepositLimit":20000,"BonusMultiplier":0.0,
             "MinimumWeeklyDeposit":1.0,"MaximumWeeklyDeposit":1000.0,"Documents":{"KeyFeaturesUrl":"https://example.com/kf"},
             "State":"Available","WrapperDefinitionGlobalId":"beef","Lisa":null,"InterestRate":null,"LogoUrl":null},
           "InvestorAccount":{"ContributionsNet":2750.000000,"EarningsNet":208.160000,"EarningsAsPercentage":0.0757,"TodaysInterest":null},
           "PersonalisedQuoteUrl":null,"IsSwitchVisible":false,"State":"Active","DateCreated":"2019-01-01T00:00:00"},
          {"Id":8044,"PlanValue":2693.800000,"Moneybox":0.000000,
           "Product":{"Id":2,"Name":"Lifetime ISA","FriendlyName":null,"Lisa":{"MaximumBonus":1000.0}},
           "InvestorAccount":null},
          {"Id":9001,"PlanValue":0,"Moneybox":0,"Product":null}
        ],
        "Accounts":[{"Type":"Isa","Name":"Stocks & Shares ISA","DeepLinkIdentifier":"ISA","Wrapper":null,"Milestone":null,"HasCollections":false}]}
        """

    static let expired = """
        {"Name":"Bearer token expired","Message":"Your session has expired. Please close the app and log in again.","ValidationErrors":[]}
        """
}
