import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import { createFakeWalletConnect, type PairingAnswer } from '../../test/fake-walletconnect.js'
import { renderLatch, testDirectory } from '../../test/render-latch.js'

/** A host with no adapters, on a desktop: SPEC §2 rule 2 opens the basic QR view. */
async function openBasic(answer: PairingAnswer) {
  const wc = createFakeWalletConnect(answer)
  const t = await renderLatch({
    directory: testDirectory(5),
    options: { adapters: [], walletConnect: { load: wc.loader } },
    env: { isMobile: () => false },
    open: true,
  })
  return { ...t, wc }
}

describe('ConnectingWalletConnectBasic', () => {
  it('opens by SPEC §2 rule 2 with the QR code, Copy link and the way to all wallets', async () => {
    const t = await openBasic('uri')
    expect(t.view()).toBe('ConnectingWalletConnectBasic')
    const image = await t.modal().findByRole('img', { name: m['pairing.qr'], busy: false })
    expect(image.tagName.toLowerCase()).toBe('svg')
    expect(t.modal().getByRole('button', { name: m['pairing.copy'] })).toHaveProperty(
      'disabled',
      false,
    )
    expect(
      t.modal().getByRole('button', { name: m['view.ConnectingWalletConnectBasic.allWallets'] }),
    ).toBeTruthy()
    expect(await t.axe()).toEqual([])
  })

  it('the all-wallets button opens AllWallets, and the pairing is abandoned meanwhile', async () => {
    const t = await openBasic('uri')
    await t.modal().findByRole('img', { name: m['pairing.qr'], busy: false })
    await t.user.click(
      t.modal().getByRole('button', { name: m['view.ConnectingWalletConnectBasic.allWallets'] }),
    )
    expect(t.view()).toBe('AllWallets')
    await waitFor(() => expect(t.wc.aborted).toBe(1))
  })

  it('a rejection shows its copy and Try again; the way to all wallets stays', async () => {
    const t = await openBasic('reject')
    expect(await t.modal().findByText(m['pairing.declinedHint'])).toBeTruthy()
    expect(t.modal().getByRole('button', { name: m['pairing.retry'] })).toBeTruthy()
    expect(
      t.modal().getByRole('button', { name: m['view.ConnectingWalletConnectBasic.allWallets'] }),
    ).toBeTruthy()
    expect(await t.axe()).toEqual([])
  })

  it('on a phone the same host opens AllWallets instead (no QR code to scan with itself)', async () => {
    const wc = createFakeWalletConnect('uri')
    const t = await renderLatch({
      options: { adapters: [], walletConnect: { load: wc.loader } },
      env: { isMobile: () => true },
      open: true,
    })
    expect(t.view()).toBe('AllWallets')
  })
})
