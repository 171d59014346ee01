/**
 * The social login's strings (issue 12): the buttons on Connect, and the ConnectingSocial view.
 * Keys start with 'view.ConnectingSocial.'; 'view.ConnectingSocial.title' is the modal title.
 * The popup blocked and the SPEC §8 failures are core's catalogue texts (`error.<CODE>`).
 */
export const connectingSocialMessages = {
  'view.ConnectingSocial.title': 'Social login',
  'view.ConnectingSocial.group': 'Log in with a social account',
  'view.ConnectingSocial.continueWith': 'Continue with {provider}',
  'view.ConnectingSocial.continueIn': 'Continue in the {provider} window',
  'view.ConnectingSocial.hint': 'Log in to {provider} in the window that opened, then come back.',
  'view.ConnectingSocial.opening': 'Opening {provider}…',
  'view.ConnectingSocial.leaving': 'Going to {provider}',
  'view.ConnectingSocial.leavingHint': 'Log in to {provider}, and you will come back here.',
  'view.ConnectingSocial.waiting': 'Waiting for {provider}…',
  'view.ConnectingSocial.connecting': 'Connecting your wallet…',
  'view.ConnectingSocial.blocked': 'The window was blocked',
  'view.ConnectingSocial.failed': 'Login failed',
  'view.ConnectingSocial.retry': 'Try again',
  'view.ConnectingSocial.cancel': 'Cancel',
  'view.ConnectingSocial.provider.google': 'Google',
  'view.ConnectingSocial.provider.x': 'X',
  'view.ConnectingSocial.provider.discord': 'Discord',
  'view.ConnectingSocial.provider.github': 'GitHub',
  'view.ConnectingSocial.provider.apple': 'Apple',
  'view.ConnectingSocial.provider.facebook': 'Facebook',
} as const
