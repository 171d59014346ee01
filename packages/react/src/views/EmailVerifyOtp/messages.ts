/** The EmailVerifyOtp view's strings. */
export const emailVerifyOtpMessages = {
  'view.EmailVerifyOtp.title': 'Confirm email',
  'view.EmailVerifyOtp.description': 'We sent a code to {email}.',
} as const
