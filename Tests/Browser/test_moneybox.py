"""Moneybox end to end in a real browser, against the module's own sandbox: sign in with the
original test user, see the accounts, open one, add £10 and see the new amount."""

from selenium.webdriver.common.by import By

from conftest import click_and_wait, field, running_host, screenshot

MONEYBOX = "modules: [moneybox]\n"


def test_sign_in_see_the_accounts_and_add_ten_pounds(browser):
    with running_host("atrium", MONEYBOX) as host:
        browser.get(host.url("/moneybox"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Sign in to Moneybox"
        field(browser, "Email").send_keys("test+ios@moneyboxapp.com")
        field(browser, "Password").send_keys("wrong")
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Sign in']"))
        assert "Incorrect email address or password. Please check and try again." in browser.page_source

        field(browser, "Password").send_keys("P455word12")
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Sign in']"))
        assert browser.current_url == host.url("/moneybox/accounts")
        body = browser.find_element(By.TAG_NAME, "body").text
        for text in ["Hello Michael Jordan", "Total plan value", "£5,651.96", "Stocks & Shares ISA", "Lifetime ISA", "£2,693.80", "£0.00"]:
            assert text in body, text
        screenshot(browser, "moneybox-accounts")

        click_and_wait(browser, browser.find_element(By.XPATH, "//a[contains(@href, '/moneybox/accounts/8043')]"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Stocks & Shares ISA"
        assert "£30.00" in browser.find_element(By.TAG_NAME, "body").text
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Add £10']"))
        body = browser.find_element(By.TAG_NAME, "body").text
        assert "Added £10.00. Your moneybox is now £40.00." in body
        assert "£2,968.16" in body
        screenshot(browser, "moneybox-added")

        # Reloading the result page sends nothing again.
        browser.refresh()
        browser.get(host.url("/moneybox/accounts"))
        assert "£5,661.96" in browser.find_element(By.TAG_NAME, "body").text

        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Sign out of Moneybox']"))
        assert browser.current_url == host.url("/moneybox")
    assert "eyJ" not in host.output(), "no bearer token in the log"
