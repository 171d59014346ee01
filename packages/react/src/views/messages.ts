import { accountMessages } from './Account/messages.js'
import { approveTransactionMessages } from './ApproveTransaction/messages.js'
import { connectingEmailMessages } from './ConnectingEmail/messages.js'
import { connectingFarcasterMessages } from './ConnectingFarcaster/messages.js'
import { connectingSocialMessages } from './ConnectingSocial/messages.js'
import { emailVerifyDeviceMessages } from './EmailVerifyDevice/messages.js'
import { emailVerifyOtpMessages } from './EmailVerifyOtp/messages.js'
import { updateEmailPrimaryOtpMessages } from './UpdateEmailPrimaryOtp/messages.js'
import { updateEmailSecondaryOtpMessages } from './UpdateEmailSecondaryOtp/messages.js'
import { updateEmailWalletMessages } from './UpdateEmailWallet/messages.js'
import { allWalletsMessages } from './AllWallets/messages.js'
import { connectMessages } from './Connect/messages.js'
import { connectingExternalMessages } from './ConnectingExternal/messages.js'
import { connectingWalletConnectMessages } from './ConnectingWalletConnect/messages.js'
import { connectingWalletConnectBasicMessages } from './ConnectingWalletConnectBasic/messages.js'
import { networksMessages } from './Networks/messages.js'
import { receiveMessages } from './Receive/messages.js'
import { emailCodeMessages, walletRowMessages } from './shared/messages.js'
import { sendMessages } from './Send/messages.js'
import { switchActiveChainMessages } from './SwitchActiveChain/messages.js'
import { switchNetworkMessages } from './SwitchNetwork/messages.js'
import { unsupportedChainMessages } from './UnsupportedChain/messages.js'

/** Each view's strings, from its own folder. */
export const viewMessages = {
  ...connectMessages,
  ...walletRowMessages,
  ...allWalletsMessages,
  ...connectingExternalMessages,
  ...connectingWalletConnectMessages,
  ...connectingWalletConnectBasicMessages,
  ...accountMessages,
  ...networksMessages,
  ...switchNetworkMessages,
  ...switchActiveChainMessages,
  ...unsupportedChainMessages,
  ...sendMessages,
  ...receiveMessages,
  // Email login and the embedded wallet (issue 17).
  ...connectingEmailMessages,
  ...emailCodeMessages,
  ...emailVerifyOtpMessages,
  ...emailVerifyDeviceMessages,
  ...updateEmailWalletMessages,
  ...updateEmailPrimaryOtpMessages,
  ...updateEmailSecondaryOtpMessages,
  ...approveTransactionMessages,
  // Social login (issue 12).
  ...connectingSocialMessages,
  ...connectingFarcasterMessages,
} as const
