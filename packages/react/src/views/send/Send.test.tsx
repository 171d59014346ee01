import { selectRoute, selectSendStatus, type SendActor } from '@latch/core'
import { act, render, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { LatchProvider } from '../../LatchProvider.js'
import { enMessages as m } from '../../i18n/en.js'
import {
  createSendKit,
  fill,
  openSend,
  RECEIVER,
  RECEIVER_AVATAR,
  RECEIVER_NAME,
  type SendSceneInput,
} from '../../stories/send-scene.js'
import type { StoryKit } from '../../stories/story-latch.js'
import {
  axeViolations,
  focusedInModal,
  modal,
  pressTab,
  typeInModal,
} from '../../test/render-latch.js'

/*
 * The Send view on a real instance: core's send machine, the scripted dev wallet and an
 * in-memory Latch server (stories/send-scene.ts). The view only paints core's state and sends
 * the visitor's intents; these tests drive it as a visitor does.
 */

interface Rendered {
  kit: StoryKit
  form: SendActor
  ui: ReturnType<typeof modal>
  field(label: string): HTMLInputElement
}

async function renderSend(input: SendSceneInput = {}): Promise<Rendered> {
  const kit = createSendKit('light', input)
  render(<LatchProvider latch={kit.latch} />)
  const form = await act(() => openSend(kit))
  const ui = modal()
  await ui.findByRole('form', { name: m['view.Send.form'] })
  return { kit, form, ui, field: (label) => ui.getByLabelText<HTMLInputElement>(label) }
}

/** The text of the form's message line (core's SPEC text), empty when there is none. */
const problemText = (ui: Rendered['ui']) =>
  ui.getByRole('form').querySelector('.latch-error')?.textContent ?? ''

const sends = (kit: StoryKit) => kit.fake.calls.filter((call) => call.startsWith('send:'))

/** Tabs until `target` has focus (bounded, so a broken tab order fails instead of looping). */
async function tabTo(target: Element) {
  for (let i = 0; i < 20 && focusedInModal() !== target; i++) await pressTab()
  expect(focusedInModal()).toBe(target)
}

describe('Send', () => {
  it('takes focus on the amount when it shows (issue 37: focus where the task is)', async () => {
    const { field } = await renderSend()
    await waitFor(() => expect(focusedInModal()).toBe(field(m['view.Send.amount'])))
  })

  it('sends with the keyboard only: Tab between the fields, Enter sends, the form resets', async () => {
    const { kit, form, ui, field } = await renderSend()
    const token = ui.getByLabelText<HTMLButtonElement>(m['view.Send.token'])
    await tabTo(token)
    // The picker by keyboard alone: Enter opens its search over the list, the arrows move,
    // Enter chooses and gives focus back to the button, which now shows the token.
    const keys = userEvent.setup()
    await keys.keyboard('{Enter}')
    const search = await ui.findByRole('combobox', { name: m['view.Send.searchTokens'] })
    expect(focusedInModal()).toBe(search)
    const list = ui.getByRole('listbox', { name: m['view.Send.token'] })
    const options = within(list).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^ETH Ether1\.5 \$/),
      expect.stringMatching(/^LTT /),
    ])
    expect(search.getAttribute('aria-activedescendant')).toBe(options[0]?.id)
    await keys.keyboard('{ArrowDown}')
    expect(search.getAttribute('aria-activedescendant')).toBe(options[1]?.id)
    await keys.keyboard('{ArrowUp}')
    await keys.keyboard('{Enter}')
    await waitFor(() => expect(focusedInModal()).toBe(token))
    expect(token.textContent).toMatch(/^ETH Ether1\.5/)
    expect(ui.queryByRole('listbox')).toBeNull()
    const amount = field(m['view.Send.amount'])
    await tabTo(amount)
    await typeInModal(amount, '0.1')
    const receiver = field(m['view.Send.receiver'])
    await tabTo(receiver)
    await typeInModal(receiver, RECEIVER)
    await ui.findByText('0.000021 ETH')

    await userEvent.setup().keyboard('{Enter}')
    await waitFor(() => expect(sends(kit)).toEqual([`send:${RECEIVER}:100000000000000000`]))
    // A native EVM send: the balance is read again and the form reset; the view stays.
    await waitFor(() => expect(field(m['view.Send.amount']).value).toBe(''))
    expect(form.getSnapshot().context.receiverAddress).toBeUndefined()
    expect(selectRoute(kit.latch.modal.getSnapshot()).view).toBe('Send')
  })

  it('says nothing on an empty form, then each SPEC rule as it is broken, and sends nothing', async () => {
    const { kit, ui, field } = await renderSend()
    expect(problemText(ui)).toBe('')

    await typeInModal(field(m['view.Send.receiver']), RECEIVER)
    await waitFor(() => expect(problemText(ui)).toBe(m['error.SEND_TOKEN_REQUIRED']))

    act(() => ui.getByLabelText(m['view.Send.token']).click())
    act(() => ui.getByRole('option', { name: /^ETH/ }).click())
    await waitFor(() => expect(problemText(ui)).toBe(m['error.SEND_AMOUNT_AND_RECEIVER_REQUIRED']))

    await typeInModal(field(m['view.Send.amount']), 'abc')
    // SPEC §5: text that is not a number counts as zero, so the amount is still missing.
    expect(problemText(ui)).toBe(m['error.SEND_AMOUNT_AND_RECEIVER_REQUIRED'])

    await typeInModal(field(m['view.Send.amount']), '2', { replace: true })
    await waitFor(() => expect(problemText(ui)).toBe('Insufficient ETH balance'))

    await typeInModal(field(m['view.Send.amount']), '0.1', { replace: true })
    await typeInModal(field(m['view.Send.receiver']), 'not an address', { replace: true })
    await waitFor(() => expect(problemText(ui)).toBe(m['error.INVALID_CAIP_ADDRESS']))
    expect(field(m['view.Send.receiver']).getAttribute('aria-describedby')).toBeTruthy()

    act(() => ui.getByRole('button', { name: m['view.Send.submit'] }).click())
    await waitFor(() => expect(problemText(ui)).toBe(m['error.INVALID_CAIP_ADDRESS']))
    expect(sends(kit)).toEqual([])
    expect(await axeViolations()).toEqual([])
  })

  it('keeps the form after a wallet refusal, and Retry sends it again', async () => {
    const { kit, form, ui, field } = await renderSend({ wallet: { sendAnswer: [4001, 'ok'] } })
    act(() => fill(form, { symbol: 'ETH', amount: '0.1', receiver: RECEIVER }))
    await ui.findByText('0.000021 ETH')
    act(() => ui.getByRole('button', { name: m['view.Send.submit'] }).click())

    const alert = await ui.findByRole('alert')
    expect(alert.textContent).toBe(m['error.USER_REJECTED'])
    expect(field(m['view.Send.amount']).value).toBe('0.1')
    expect(field(m['view.Send.receiver']).value).toBe(RECEIVER)
    expect(await axeViolations()).toEqual([])

    act(() => ui.getByRole('button', { name: m['view.Send.retry'] }).click())
    await waitFor(() => expect(sends(kit)).toHaveLength(2))
    await waitFor(() => expect(ui.queryByRole('alert')).toBeNull())
    await waitFor(() => expect(field(m['view.Send.amount']).value).toBe(''))
  })

  it('is busy while the wallet is asked: Send disabled and aria-busy', async () => {
    const { form, ui } = await renderSend({ wallet: { sendAnswer: 'hold' } })
    act(() => fill(form, { symbol: 'ETH', amount: '0.1', receiver: RECEIVER }))
    await ui.findByText('0.000021 ETH')
    act(() => ui.getByRole('button', { name: m['view.Send.submit'] }).click())
    const busy = await ui.findByRole('button', { name: m['view.Send.sending'] })
    expect(busy).toHaveProperty('disabled', true)
    expect(busy.getAttribute('aria-busy')).toBe('true')
    expect(ui.getByText(m['view.Send.confirmInWallet'])).toBeTruthy()
    expect(selectSendStatus(form.getSnapshot())).toBe('sending')
  })

  it('shows the fee in ETH and USD, and Max fills the balance less the fee', async () => {
    const { form, ui, field } = await renderSend()
    act(() => fill(form, { symbol: 'ETH', amount: '0.1', receiver: RECEIVER }))
    await ui.findByText('0.000021 ETH')
    expect(ui.getByText('($0.06)')).toBeTruthy()

    const max = ui.getByRole('button', { name: 'Max: 1.499979 ETH' })
    act(() => max.click())
    await waitFor(() => expect(field(m['view.Send.amount']).value).toBe('1.499979'))
    await waitFor(() => expect(selectSendStatus(form.getSnapshot())).toBe('ready'))
    expect(problemText(ui)).toBe('')
  })

  it('resolves a name: its avatar (an image) and name (text), and the address it stands for', async () => {
    const { form, ui, field } = await renderSend()
    act(() => fill(form, { symbol: 'ETH', amount: '0.1' }))
    await typeInModal(field(m['view.Send.receiver']), RECEIVER_NAME)
    await ui.findByText('Sends to 0x2222…2222')
    const line = ui.getByText(RECEIVER_NAME).parentElement!
    expect(within(line).getByRole('presentation', { hidden: true }).getAttribute('src')).toBe(
      RECEIVER_AVATAR,
    )
    expect(field(m['view.Send.receiver']).value).toBe(RECEIVER_NAME)
    expect(form.getSnapshot().context.receiverAddress).toBe(RECEIVER)
    expect(problemText(ui)).toBe('')
  })

  it('an ERC-20 send replaces the view with Account', async () => {
    const { kit, form, ui } = await renderSend()
    act(() => fill(form, { symbol: 'LTT', amount: '5', receiver: RECEIVER }))
    await ui.findByText('0.000021 ETH')
    act(() => ui.getByRole('button', { name: m['view.Send.submit'] }).click())
    await waitFor(() => expect(selectRoute(kit.latch.modal.getSnapshot()).view).toBe('Account'))
    expect(sends(kit)).toEqual([`send:0x5FbDB2315678afecb367f032d93F642f64180aa3:0`])
  })

  it('the token picker searches by symbol or name, says when nothing matches, and Escape closes only the list', async () => {
    const { kit, ui } = await renderSend()
    act(() => ui.getByLabelText(m['view.Send.token']).click())
    const search = await ui.findByRole('combobox', { name: m['view.Send.searchTokens'] })
    await typeInModal(search, 'latch')
    expect(ui.getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^LTT /),
    ])
    await typeInModal(search, 'nothing', { replace: true })
    expect(ui.queryAllByRole('option')).toEqual([])
    expect(ui.getByText('No token matches “nothing”').getAttribute('role')).toBe('status')
    await userEvent.setup().keyboard('{Escape}')
    expect(ui.queryByRole('listbox')).toBeNull()
    // The modal is still open on Send.
    expect(selectRoute(kit.latch.modal.getSnapshot()).view).toBe('Send')
    expect(focusedInModal()).toBe(ui.getByLabelText(m['view.Send.token']))
    expect(await axeViolations()).toEqual([])
  })

  it('a second click on the token button closes its list', async () => {
    const { ui } = await renderSend()
    const user = userEvent.setup()
    const button = ui.getByLabelText(m['view.Send.token'])
    await user.click(button)
    await ui.findByRole('listbox')
    expect(button.getAttribute('aria-expanded')).toBe('true')
    await user.click(button)
    expect(ui.queryByRole('listbox')).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })
})
