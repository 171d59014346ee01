/** The email login's strings: the field on Connect. The code form's are shared/messages.ts's. */
export const connectingEmailMessages = {
  'view.ConnectingEmail.label': 'Email',
  'view.ConnectingEmail.placeholder': 'you@example.com',
  'view.ConnectingEmail.submit': 'Continue',
  'view.ConnectingEmail.sending': 'Sending a code…',
  'view.ConnectingEmail.or': 'or',
} as const
