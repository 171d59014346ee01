/** The UpdateEmailWallet view's strings. */
export const updateEmailWalletMessages = {
  'view.UpdateEmailWallet.title': 'Edit email',
  'view.UpdateEmailWallet.label': 'New email',
  'view.UpdateEmailWallet.submit': 'Save',
  'view.UpdateEmailWallet.sending': 'Asking for the codes…',
} as const
