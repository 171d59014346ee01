import { startDevnet, type Devnet } from '@latch/devnet'
import { createDevWallet } from '../provider.js'
import type { ApprovalMode, DevWallet, DevWalletChain, DevWalletConfig } from '../types.js'

/** Starts the shared devnet on free ports, whatever LATCH_DEVNET_PORT_* the shell has set. */
export function startTestDevnet(): Promise<Devnet> {
  return startDevnet({ env: {} })
}

export function devnetChain(devnet: Devnet, index: number): DevWalletChain {
  const chain = devnet.chains[index]!
  return { chainId: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl }
}

/** A wallet configuration on the devnet: both chains, the first three accounts, auto-approve. */
export function devnetWalletConfig(
  devnet: Devnet,
  overrides: Partial<DevWalletConfig> = {},
): DevWalletConfig {
  return {
    chains: devnet.chains.map((_, index) => devnetChain(devnet, index)),
    privateKeys: devnet.accounts.slice(0, 3).map((account) => account.privateKey),
    approval: 'auto-approve',
    ...overrides,
  }
}

/** A wallet already connected to the site, then set to `approval` for what the test asks next. */
export async function connectedWallet(
  devnet: Devnet,
  approval: ApprovalMode = 'auto-approve',
): Promise<DevWallet> {
  const dev = createDevWallet(devnetWalletConfig(devnet, { approval: 'auto-approve' }))
  await dev.provider.request({ method: 'eth_requestAccounts' })
  dev.setApproval(approval)
  return dev
}
