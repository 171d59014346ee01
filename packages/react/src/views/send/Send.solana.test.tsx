import {
  createLatch,
  createMemoryStorage,
  selectRoute,
  type ChainAdapter,
  type TransactionRequest,
} from '@latch/core'
import { act, render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LatchProvider } from '../../LatchProvider.js'
import { enMessages as m } from '../../i18n/en.js'
import { createFakeEvmAdapter } from '../../test/fake-evm-adapter.js'
import { solanaLocal } from '@latch/core/testing'
import { axeViolations, modal, typeInModal } from '../../test/render-latch.js'

/*
 * The Send view outside EVM: a Solana account. No token choice is asked for (the native coin is
 * the default), the fee is zero (SPEC §5: gas is estimated for EVM only), and a sent SOL
 * transfer replaces the view with Account (SPEC §2, §4).
 */

const OWNER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const RECEIVER = 'GdnSyH3YtwcxFvQrVVJMm1JhTS4QVX7MFsX56uJLUfiZ'

async function renderSolanaSend() {
  const fake = createFakeEvmAdapter([
    { id: 'sol.dev', chain: 'solana', address: OWNER, chainReference: String(solanaLocal.id) },
  ])
  const sent: TransactionRequest[] = []
  const adapter: ChainAdapter = {
    ...fake.adapter,
    namespace: 'solana',
    async getBalance() {
      return { value: 2_000_000_000n, decimals: 9, symbol: 'SOL' }
    },
    async sendTransaction(request) {
      sent.push(request)
      return '5'.repeat(88)
    },
  }
  const latch = createLatch(
    { projectId: 'p', networks: [solanaLocal], adapters: [adapter] },
    { storage: createMemoryStorage(), clearBrowserData: async () => undefined },
  )
  render(<LatchProvider latch={latch} />)
  await act(() => latch.ready())
  act(() => {
    latch.connection.send({
      type: 'CONNECT',
      connector: fake.connector('sol.dev'),
      namespace: 'solana',
    })
  })
  await waitFor(() => expect(latch.getAccount().address).toBe(OWNER))
  act(() => latch.open())
  await waitFor(() => expect(selectRoute(latch.modal.getSnapshot()).view).toBe('Account'))
  act(() => latch.modal.send({ type: 'PUSH', route: { view: 'Send' } }))
  const ui = modal()
  await ui.findByRole('form', { name: m['view.Send.form'] })
  return { latch, ui, sent }
}

describe('Send on Solana', () => {
  it('sends SOL without a token choice or a fee, then shows Account', async () => {
    const { latch, ui, sent } = await renderSolanaSend()
    await typeInModal(ui.getByLabelText(m['view.Send.amount']), '0.5')
    await typeInModal(ui.getByLabelText(m['view.Send.receiver']), RECEIVER)
    await ui.findByText('0 SOL')
    const picker = ui.getByLabelText(m['view.Send.token'])
    // No token list was read: the native coin is offered, and chosen, with its balance unknown.
    expect(picker.textContent).toMatch(/^SOL /)
    act(() => picker.click())
    expect(ui.getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^SOL \D*$/),
    ])
    act(() => picker.click())
    expect(ui.getByRole('form').querySelector('.latch-error')?.textContent).toBe('')
    expect(await axeViolations()).toEqual([])

    act(() => ui.getByRole('button', { name: m['view.Send.submit'] }).click())
    await waitFor(() => expect(selectRoute(latch.modal.getSnapshot()).view).toBe('Account'))
    expect(sent.map(({ to, value }) => ({ to, value }))).toEqual([
      { to: RECEIVER, value: 500_000_000n },
    ])
  })
})
