import AtriumSDK

/// "Please enter your OTP": the code field, "Submit OTP", and what the last try led to.
struct OTPView: SceneView {
    func screen(for state: OTPScene.State) -> Screen {
        var content: [UINode] = []
        if let note = state.note { content.append(.message(Message(note, kind: .info))) }
        if let alert = state.alert { content.append(.message(Message(alert, kind: .error))) }
        content.append(
            .form(
                Form(
                    action: OTPScene.submit(returnTo: state.returnTo.map(LinkTarget.path)),
                    content: [
                        .field(
                            Field(
                                .code, name: "code", label: "\(state.length) DIGIT CODE", error: state.error, placeholder: "Enter OTP",
                                isRequired: true, maxLength: state.length)),
                        .button(Button("Submit OTP", busyTitle: "Logging you in ...")),
                    ])))
        return Screen(title: "Please enter your OTP", content: content)
    }
}
