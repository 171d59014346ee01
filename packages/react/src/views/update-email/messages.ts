/** The UpdateEmailWallet view's strings. */
export const updateEmailWalletMessages = {
  'view.UpdateEmailWallet.title': 'Edit email',
  'view.UpdateEmailWallet.label': 'New email',
  'view.UpdateEmailWallet.submit': 'Save',
  'view.UpdateEmailWallet.sending': 'Asking for the codes…',
} as const

/** The UpdateEmailPrimaryOtp view's strings. */
export const updateEmailPrimaryOtpMessages = {
  'view.UpdateEmailPrimaryOtp.title': 'Confirm current email',
  'view.UpdateEmailPrimaryOtp.description':
    'To move your wallet to {email}, enter the code we sent to your current address.',
} as const

/** The UpdateEmailSecondaryOtp view's strings. */
export const updateEmailSecondaryOtpMessages = {
  'view.UpdateEmailSecondaryOtp.title': 'Confirm new email',
  'view.UpdateEmailSecondaryOtp.description': 'Enter the code we sent to {email}.',
} as const
