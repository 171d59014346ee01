import './test/window.js'
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { isUserRejectedError } from '@latch/core'
import { Verifier } from 'bip322-js'
import { describe, expect, it } from 'vitest'
import { bitcoinAdapter } from './index.js'
import { failure, useStacks } from './test/harness.js'

const start = useStacks()
const [first, second] = bitcoinDevnetAccounts()
const message = 'Sign in to Latch: nonce 5d1e'
const faces = ['standard', 'satsConnect'] as const

describe.each(faces)('signMessage (%s face)', (face) => {
  it('signs BIP-322 by default, with either address: bip322-js verifies the base64 signature', async () => {
    const { adapter, ids } = await start()
    await adapter.connect({ connectorId: ids[face] })
    for (const purpose of ['payment', 'ordinals'] as const) {
      const address = first![purpose].address
      const signature = await adapter.signMessage({ connectorId: ids[face], address, message })
      expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/)
      expect(Verifier.verifySignature(address, message, signature)).toBe(true)
      // Really over this message, with this address's key.
      expect(Verifier.verifySignature(address, `${message}!`, signature)).toBe(false)
      expect(Verifier.verifySignature(second![purpose].address, message, signature)).toBe(false)
    }
  })

  it('a rejection is a user rejection core recognises', async () => {
    const { adapter, ids, dev } = await start()
    await adapter.connect({ connectorId: ids[face] })
    dev.control.setApproval('auto-reject')
    const error = await failure(
      adapter.signMessage({ connectorId: ids[face], address: first!.payment.address, message }),
    )
    expect(isUserRejectedError(error)).toBe(true)
  })

  it('refuses an address the connection does not have, before asking', async () => {
    const { adapter, ids, dev } = await start()
    await adapter.connect({ connectorId: ids[face] })
    const asked = dev.control.requests().length
    await expect(
      adapter.signMessage({ connectorId: ids[face], address: second!.payment.address, message }),
    ).rejects.toThrow(`Account ${second!.payment.address} not found for connector ${ids[face]}`)
    expect(dev.control.requests()).toHaveLength(asked)
  })
})

describe('signMessage protocols', () => {
  it('sats-connect signs ECDSA (BIP-137) when asked, per message or by the adapter’s option', async () => {
    const { ids, reload } = await start()
    const adapter = reload()
    await adapter.connect({ connectorId: ids.satsConnect })
    const address = first!.payment.address
    const ecdsa = await adapter.signMessage({
      connectorId: ids.satsConnect,
      address,
      message,
      protocol: 'ecdsa',
    })
    // 65 bytes: BIP-137's header, r and s. bip322-js verifies legacy signatures strictly.
    expect(atob(ecdsa)).toHaveLength(65)
    expect(Verifier.verifySignature(address, message, ecdsa, true)).toBe(true)

    const byOption = bitcoinAdapter({ messageProtocol: 'ecdsa' })
    try {
      byOption.watchConnectors(() => undefined)
      await byOption.connect({ connectorId: ids.satsConnect })
      const signature = await byOption.signMessage({
        connectorId: ids.satsConnect,
        address,
        message,
      })
      expect(atob(signature)).toHaveLength(65)
      expect(Verifier.verifySignature(address, message, signature, true)).toBe(true)
    } finally {
      byOption.destroy()
    }
  })

  it('the Wallet Standard has BIP-322 only: ECDSA is refused without asking', async () => {
    const { adapter, ids, dev } = await start()
    await adapter.connect({ connectorId: ids.standard })
    const asked = dev.control.requests().length
    await expect(
      adapter.signMessage({
        connectorId: ids.standard,
        address: first!.payment.address,
        message,
        protocol: 'ecdsa',
      }),
    ).rejects.toThrow('Requested RPC call is not allowed')
    expect(dev.control.requests()).toHaveLength(asked)
  })
})
