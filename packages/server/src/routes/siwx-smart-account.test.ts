import { SIWX_API_PATHS, siwxMeResponseSchema } from '@latch/core/api'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { devnetAccounts, suiteTestChain, type TestChain } from '../../test/account-harness.js'
import {
  counterfactualWallet,
  deployContractWallet,
  type ContractWallet,
  type Deployment,
} from '../../test/contract-wallet.js'
import { describeOnEachDatabase } from '../../test/harness.js'
import {
  expectRefusal,
  messageFor,
  sendSignature,
  sessionFrom,
  signed,
  siwxConfig,
  withToken,
} from '../../test/siwx-harness.js'

// Smart accounts (reown-com/appkit#3260): a deployed ERC-1271 contract wallet, and a
// counterfactual one whose ERC-6492 signature names its factory, each on a real anvil chain. The
// server's viem client asks the chain; nothing is mocked.

describeOnEachDatabase('Sign in with a smart account', (suite) => {
  const suiteChain = suiteTestChain()
  let chain: TestChain
  let on: Deployment
  beforeEach(() => {
    chain = suiteChain()
    on = {
      client: chain.client,
      rpcUrl: chain.devnet.chains[0]!.rpcUrl,
      deployer: privateKeyToAccount(devnetAccounts[7]!.privateKey),
    }
  })
  const owner = privateKeyToAccount(devnetAccounts[8]!.privateKey)
  const stranger = privateKeyToAccount(devnetAccounts[9]!.privateKey)

  const signsIn = async (wallet: ContractWallet) => {
    const config = siwxConfig(chain.config.chains)
    const server = await suite.server(config, { indexer: false })
    const request = { chainId: chain.caip, accountAddress: wallet.address }
    const { token } = await sessionFrom(
      await sendSignature(
        server,
        config,
        await signed(await messageFor(server, config, request), wallet.sign),
      ),
    )
    const me = await withToken(server, config, token, SIWX_API_PATHS.me)
    expect(z.parse(siwxMeResponseSchema, await me.json()).session.data.accountAddress).toBe(
      wallet.address,
    )
    // The owner's signature is the wallet's, nobody else's: a stranger's is refused.
    const strangers = await signed(await messageFor(server, config, request), (message) =>
      stranger.signMessage({ message }),
    )
    await expectRefusal(await sendSignature(server, config, strangers), 401, 'INVALID_SIGNATURE')
  }

  it('verifies an ERC-1271 contract wallet by asking the contract', async () => {
    const wallet = await deployContractWallet(on, owner)
    expect(await chain.client.getCode({ address: wallet.address })).toMatch(/^0x[0-9a-f]+$/)
    await signsIn(wallet)
  })

  it('verifies an ERC-6492 signature of a wallet not deployed yet, and deploys nothing', async () => {
    const wallet = await counterfactualWallet(on, owner)
    await signsIn(wallet)
    // The check simulated the factory call: the wallet is still counterfactual.
    expect(await chain.client.getCode({ address: wallet.address })).toBeUndefined()
  })
})
