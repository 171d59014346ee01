import { accountMessages } from './Account/messages.js'
import { allWalletsMessages } from './AllWallets/messages.js'
import { connectMessages } from './Connect/messages.js'
import { connectingExternalMessages } from './ConnectingExternal/messages.js'
import { connectingWalletConnectMessages } from './ConnectingWalletConnect/messages.js'
import { connectingWalletConnectBasicMessages } from './ConnectingWalletConnectBasic/messages.js'
import { networksMessages } from './Networks/messages.js'
import { switchActiveChainMessages } from './SwitchActiveChain/messages.js'
import { switchNetworkMessages } from './SwitchNetwork/messages.js'
import { unsupportedChainMessages } from './UnsupportedChain/messages.js'

/** Each view's strings, from its own folder. */
export const viewMessages = {
  ...connectMessages,
  ...allWalletsMessages,
  ...connectingExternalMessages,
  ...connectingWalletConnectMessages,
  ...connectingWalletConnectBasicMessages,
  ...accountMessages,
  ...networksMessages,
  ...switchNetworkMessages,
  ...switchActiveChainMessages,
  ...unsupportedChainMessages,
} as const
