import { accountMessages } from './account/messages.js'
import { allWalletsMessages } from './all-wallets/messages.js'
import { approveTransactionMessages } from './approve/messages.js'
import { connectMessages } from './choose-wallet/messages.js'
import { connectingExternalMessages } from './connect-external/messages.js'
import {
  connectingEmailMessages,
  emailVerifyDeviceMessages,
  emailVerifyOtpMessages,
} from './email/messages.js'
import { connectingFarcasterMessages } from './farcaster/messages.js'
import {
  connectingWalletConnectBasicMessages,
  connectingWalletConnectMessages,
} from './pairing/messages.js'
import { receiveMessages } from './receive/messages.js'
import { sendMessages } from './send/messages.js'
import { siwxSignMessageMessages } from './sign-in/messages.js'
import { emailCodeMessages, walletRowMessages } from './shared/messages.js'
import { connectingSocialMessages } from './social/messages.js'
import {
  networksMessages,
  switchActiveChainMessages,
  switchNetworkMessages,
  unsupportedChainMessages,
} from './switch-network/messages.js'
import {
  updateEmailPrimaryOtpMessages,
  updateEmailSecondaryOtpMessages,
  updateEmailWalletMessages,
} from './update-email/messages.js'

/** Each view's strings, from its flow's folder (`views/<flow>/messages.ts`). */
export const viewMessages = {
  ...connectMessages,
  ...walletRowMessages,
  ...allWalletsMessages,
  ...connectingExternalMessages,
  ...connectingWalletConnectMessages,
  ...connectingWalletConnectBasicMessages,
  ...accountMessages,
  ...siwxSignMessageMessages,
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
