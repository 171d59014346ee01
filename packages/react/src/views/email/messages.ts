/** The email login's strings: the field on Connect. The code form's are shared/messages.ts's. */
export const connectingEmailMessages = {
  'view.ConnectingEmail.label': 'Email',
  'view.ConnectingEmail.placeholder': 'you@example.com',
  'view.ConnectingEmail.submit': 'Continue',
  'view.ConnectingEmail.sending': 'Sending a code…',
  'view.ConnectingEmail.or': 'or',
} as const

/** The EmailVerifyOtp view's strings. */
export const emailVerifyOtpMessages = {
  'view.EmailVerifyOtp.title': 'Confirm email',
  'view.EmailVerifyOtp.description': 'We sent a code to {email}.',
} as const

/** The EmailVerifyDevice view's strings. */
export const emailVerifyDeviceMessages = {
  'view.EmailVerifyDevice.title': 'Register device',
  'view.EmailVerifyDevice.heading': 'Approve this device',
  'view.EmailVerifyDevice.description':
    'This is a new device for {email}. Open the link in the email we sent to approve it.',
  'view.EmailVerifyDevice.waiting': 'Waiting for your approval…',
} as const
