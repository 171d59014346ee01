/** The UpdateEmailSecondaryOtp view's strings. */
export const updateEmailSecondaryOtpMessages = {
  'view.UpdateEmailSecondaryOtp.title': 'Confirm new email',
  'view.UpdateEmailSecondaryOtp.description': 'Enter the code we sent to {email}.',
} as const
