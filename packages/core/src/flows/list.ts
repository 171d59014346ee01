import { accountFlow } from './account/account.flow.js'
import { allWalletsFlow } from './all-wallets/all-wallets.flow.js'
import { approveFlow } from './approve/approve.flow.js'
import { chooseWalletFlow } from './choose-wallet/choose-wallet.flow.js'
import { connectExternalFlow } from './connect-external/connect-external.flow.js'
import { emailFlow } from './email/email.flow.js'
import { farcasterFlow } from './farcaster/farcaster.flow.js'
import { flowList } from './flow-list.js'
import { pairingFlow } from './pairing/pairing.flow.js'
import { sendFlow } from './send/send.flow.js'
import { signInFlow } from './sign-in/sign-in.flow.js'
import { socialFlow } from './social/social.flow.js'
import { switchNetworkFlow } from './switch-network/switch-network.flow.js'
import { updateEmailFlow } from './update-email/update-email.flow.js'

/**
 * The flows every instance runs: adding one is a folder under `flows/` and one line here
 * (packages/core/ARCHITECTURE.md). A view belongs to the first flow that lists it.
 */
export const builtInFlows = flowList()
  .add(chooseWalletFlow)
  .add(allWalletsFlow)
  .add(connectExternalFlow)
  .add(switchNetworkFlow)
  .add(pairingFlow)
  .add(accountFlow)
  .add(sendFlow)
  .add(socialFlow)
  .add(farcasterFlow)
  .add(emailFlow)
  .add(updateEmailFlow)
  .add(approveFlow)
  .add(signInFlow)

/** The built-in list's type: what `createLatch` builds an instance from by default. */
export type BuiltInFlows = typeof builtInFlows
