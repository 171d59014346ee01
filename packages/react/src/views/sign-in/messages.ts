/** The SIWXSignMessage view's strings. Keys start with 'view.SIWXSignMessage.'; 'view.SIWXSignMessage.title' is the modal title. */
export const siwxSignMessageMessages = {
  'view.SIWXSignMessage.title': 'Sign in',
  'view.SIWXSignMessage.heading': '{app} needs to connect to your wallet',
  'view.SIWXSignMessage.thisApp': 'This app',
  'view.SIWXSignMessage.description':
    'Sign this message to prove you own this wallet. It costs nothing and sends no transaction.',
  'view.SIWXSignMessage.required': 'Signing in is required here: Cancel disconnects your wallet.',
  'view.SIWXSignMessage.message': 'The message you sign',
  'view.SIWXSignMessage.checking': 'Looking for your session…',
  'view.SIWXSignMessage.preparing': 'Preparing the message…',
  'view.SIWXSignMessage.awaitingWallet': 'Approve the sign-in in your wallet',
  'view.SIWXSignMessage.verifying': 'Checking the signature…',
  'view.SIWXSignMessage.sign': 'Sign',
  'view.SIWXSignMessage.tryAgain': 'Try again',
  'view.SIWXSignMessage.cancel': 'Cancel',
} as const
