/** The email login's strings: the field on Connect, and the shared code form. */
export const connectingEmailMessages = {
  'view.ConnectingEmail.label': 'Email',
  'view.ConnectingEmail.placeholder': 'you@example.com',
  'view.ConnectingEmail.submit': 'Continue',
  'view.ConnectingEmail.sending': 'Sending a code…',
  'view.ConnectingEmail.or': 'or',
  'view.EmailCode.label': 'Code',
  'view.EmailCode.hint': 'Enter the 6-digit code. Pasting the whole code works.',
  'view.EmailCode.verifying': 'Checking the code…',
  'view.EmailCode.resend': 'Resend code',
  'view.EmailCode.resendIn': 'Resend code in {seconds} s',
  'view.EmailCode.changeEmail': 'Use another email',
} as const
