import { afterEach, describe, expect, it } from 'vitest'
import { DEV_WALLET_INFO, announceDevWallet, type ProviderDetail } from './announce.js'
import type { Eip1193Provider } from './types.js'

const provider = { isLatchDevWallet: true } as unknown as Eip1193Provider

function collect(target: EventTarget): ProviderDetail[] {
  const details: ProviderDetail[] = []
  target.addEventListener('eip6963:announceProvider', (event) => {
    details.push((event as CustomEvent<ProviderDetail>).detail)
  })
  return details
}

afterEach(() => {
  delete (globalThis as { ethereum?: unknown }).ethereum
})

describe('announceDevWallet', () => {
  it('announces a frozen EIP-6963 detail at once and again on every requestProvider', () => {
    const target = new EventTarget()
    const details = collect(target)
    const stop = announceDevWallet(provider, { target })
    expect(details).toHaveLength(1)
    const [detail] = details
    expect(detail!.provider).toBe(provider)
    expect(detail!.info).toEqual({
      uuid: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      name: 'Latch Dev Wallet',
      icon: expect.stringMatching(/^data:image\/svg\+xml,/),
      rdns: 'io.latch.devwallet',
    })
    expect(Object.isFrozen(detail)).toBe(true)
    expect(Object.isFrozen(detail!.info)).toBe(true)

    target.dispatchEvent(new Event('eip6963:requestProvider'))
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(3)
    // The same detail each time: one uuid for the page's whole session.
    expect(new Set(details)).toEqual(new Set([detail]))

    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(3)
  })

  it('gives each announcing session its own uuid and the documented name, rdns and icon', () => {
    const target = new EventTarget()
    const details = collect(target)
    announceDevWallet(provider, { target })()
    announceDevWallet(provider, { target })()
    expect(details[0]!.info.uuid).not.toBe(details[1]!.info.uuid)
    expect(details[0]!.info).toMatchObject(DEV_WALLET_INFO)
    expect(decodeURIComponent(DEV_WALLET_INFO.icon)).toContain('<svg')
  })

  it('sets window.ethereum only when asked, and removes it on stop', () => {
    const global = globalThis as { ethereum?: unknown }
    announceDevWallet(provider, { target: new EventTarget() })
    expect(global.ethereum).toBeUndefined()
    const stop = announceDevWallet(provider, { target: new EventTarget(), setWindowEthereum: true })
    expect(global.ethereum).toBe(provider)
    stop()
    expect(global.ethereum).toBeUndefined()
  })
})
