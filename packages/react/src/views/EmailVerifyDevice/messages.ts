/** The EmailVerifyDevice view's strings. */
export const emailVerifyDeviceMessages = {
  'view.EmailVerifyDevice.title': 'Register device',
  'view.EmailVerifyDevice.heading': 'Approve this device',
  'view.EmailVerifyDevice.description':
    'This is a new device for {email}. Open the link in the email we sent to approve it.',
  'view.EmailVerifyDevice.waiting': 'Waiting for your approval…',
} as const
