/** The UpdateEmailPrimaryOtp view's strings. */
export const updateEmailPrimaryOtpMessages = {
  'view.UpdateEmailPrimaryOtp.title': 'Confirm current email',
  'view.UpdateEmailPrimaryOtp.description':
    'To move your wallet to {email}, enter the code we sent to your current address.',
} as const
