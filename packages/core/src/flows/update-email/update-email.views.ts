/** The views of an email update: moving between them replaces, so Back leaves the update. */
export const UPDATE_EMAIL_VIEWS = [
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
] as const
