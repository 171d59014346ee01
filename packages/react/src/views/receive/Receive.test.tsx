import { createLatch, createMemoryStorage, selectRoute, type ChainAdapter } from '@latch/core'
import { act, render, waitFor, within } from '@testing-library/react'
import jsqr from 'jsqr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LatchProvider } from '../../LatchProvider.js'
import { enMessages as m } from '../../i18n/en.js'
import { createFakeEvmAdapter, type FakeWalletInit } from '../../test/fake-evm-adapter.js'
import { devnetA, devnetB, solanaLocal } from '@latch/core/testing'
import { axeViolations, modal, modalRoot } from '../../test/render-latch.js'

// jsqr is CommonJS with an ES-module default: TypeScript (NodeNext) types the default import as
// the whole module, while vitest unwraps it to the function itself. Either way, the function.
const jsQR = typeof jsqr === 'function' ? jsqr : jsqr.default

/*
 * The Receive view on a real instance: the fake EVM adapter, and the same fake serving the
 * `solana` namespace, so a visitor can hold an address in each chain family.
 */

const EVM_ADDRESS = '0x00000000000000000000000000000000000e1a11'
const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

const evmWallet: FakeWalletInit = { id: 'io.dev', name: 'Dev', address: EVM_ADDRESS }
const solanaWallet: FakeWalletInit = {
  id: 'sol.dev',
  name: 'Sol Dev',
  chain: 'solana',
  address: SOLANA_ADDRESS,
  chainReference: String(solanaLocal.id),
}

afterEach(() => vi.restoreAllMocks())

/** A running instance with an EVM and a Solana wallet, rendered; nothing connected yet. */
async function renderReceive() {
  const evm = createFakeEvmAdapter([evmWallet])
  const solana = createFakeEvmAdapter([solanaWallet])
  const solanaAdapter: ChainAdapter = { ...solana.adapter, namespace: 'solana' }
  const latch = createLatch(
    {
      projectId: 'p',
      networks: [devnetA, devnetB, solanaLocal],
      adapters: [evm.adapter, solanaAdapter],
    },
    { storage: createMemoryStorage(), clearBrowserData: async () => undefined },
  )
  render(<LatchProvider latch={latch} />)
  await act(() => latch.ready())
  return { latch, evm, solana }
}

/** Connects `wallet` as the Connect view does, and waits until core has the connection. */
async function connect(kit: Awaited<ReturnType<typeof renderReceive>>, wallet: FakeWalletInit) {
  const solana = wallet.chain === 'solana'
  const connector = (solana ? kit.solana : kit.evm).connector(wallet.id)
  const { latch } = kit
  act(() => {
    latch.connection.send({ type: 'CONNECT', connector, namespace: solana ? 'solana' : 'eip155' })
  })
  await waitFor(() =>
    expect(latch.connection.getSnapshot().context.connections.map((c) => c.connectorId)).toContain(
      wallet.id,
    ),
  )
}

/**
 * Reads the QR code as a camera would: the rendered SVG's dark modules (its path, one
 * `M x y h w` run each) painted into a bitmap, then decoded by jsQR. No canvas is needed.
 */
function decodeQr(svg: SVGSVGElement): string | undefined {
  const modules = Number(svg.dataset.qrSize)
  const scale = 4
  const side = modules * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  const d = svg.querySelector('path')?.getAttribute('d') ?? ''
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let row = Number(y) * scale; row < (Number(y) + 1) * scale; row++) {
      for (let col = Number(x) * scale; col < (Number(x) + Number(w)) * scale; col++) {
        const at = (row * side + col) * 4
        pixels.fill(0, at, at + 3)
      }
    }
  }
  return jsQR(pixels, side, side)?.data
}

const qrImage = () =>
  modalRoot().querySelector<SVGSVGElement>('svg[role="img"][data-qr-size]') ?? undefined

describe('Receive', () => {
  it('shows the address, a QR code that decodes to it, copy, and the networks it receives on', async () => {
    const kit = await renderReceive()
    await connect(kit, evmWallet)
    act(() => kit.latch.open({ route: { view: 'Receive' } }))
    const ui = modal()
    await ui.findByText(EVM_ADDRESS)
    const qr = qrImage()
    expect(qr?.getAttribute('aria-label')).toBe('QR code of your EVM address')
    expect(decodeQr(qr!)).toBe(EVM_ADDRESS)
    const networks = ui.getByRole('region', { name: m['view.Receive.networks'] })
    expect(
      within(networks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([devnetA.name, devnetB.name])
    expect(await axeViolations()).toEqual([])
  })

  it('copies the address, and says so', async () => {
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const kit = await renderReceive()
    await connect(kit, evmWallet)
    act(() => kit.latch.open({ route: { view: 'Receive' } }))
    const copy = await modal().findByRole('button', { name: m['view.Receive.copy'] })
    act(() => copy.click())
    await waitFor(() =>
      expect(kit.latch.toast.getSnapshot().context.toast?.message).toBe(m['address.copied']),
    )
    expect(writeText).toHaveBeenCalledWith(EVM_ADDRESS)
    vi.unstubAllGlobals()
  })

  it("switching to another chain family shows that family's address and QR code", async () => {
    const kit = await renderReceive()
    await connect(kit, solanaWallet)
    await connect(kit, evmWallet)
    act(() => kit.latch.open({ route: { view: 'Receive' } }))
    const ui = modal()
    await ui.findByText(EVM_ADDRESS)
    const group = ui.getByRole('group', { name: m['view.Receive.namespaces'] })
    const solanaButton = within(group).getByRole('button', {
      name: m['view.Receive.namespace.solana'],
    })
    expect(solanaButton.getAttribute('aria-pressed')).toBe('false')

    act(() => solanaButton.click())
    await ui.findByText(SOLANA_ADDRESS)
    expect(decodeQr(qrImage()!)).toBe(SOLANA_ADDRESS)
    expect(solanaButton.getAttribute('aria-pressed')).toBe('true')
    const networks = ui.getByRole('region', { name: m['view.Receive.networks'] })
    expect(within(networks).getByText(solanaLocal.name)).toBeTruthy()
    expect(selectRoute(kit.latch.modal.getSnapshot()).view).toBe('Receive')
    expect(await axeViolations()).toEqual([])
  })
})
