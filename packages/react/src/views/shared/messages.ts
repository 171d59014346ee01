/**
 * The strings of the parts two flows share. Their keys are the ones they had in their first flow
 * (a host's translations name them), so the wallet rows' start with 'view.Connect.'.
 */

/** The wallet rows' (WalletRow.tsx: Connect and AllWallets show them): tags and links. */
export const walletRowMessages = {
  'view.Connect.tag.recent': 'Recent',
  'view.Connect.tag.installed': 'Installed',
  'view.Connect.notInstalled': '{wallet} is not installed in this browser. Get it here:',
  'view.Connect.link.homepage': 'Website',
  'view.Connect.link.desktop': 'Desktop app',
  'view.Connect.link.mobile': 'Mobile app',
  'view.Connect.link.webapp': 'Web app',
} as const

/** The code form's (OtpForm.tsx: the email login and the email update ask for codes). */
export const emailCodeMessages = {
  'view.EmailCode.label': 'Code',
  'view.EmailCode.hint': 'Enter the 6-digit code. Pasting the whole code works.',
  'view.EmailCode.verifying': 'Checking the code…',
  'view.EmailCode.resend': 'Resend code',
  'view.EmailCode.resendIn': 'Resend code in {seconds} s',
  'view.EmailCode.changeEmail': 'Use another email',
} as const
