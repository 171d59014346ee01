import type { Meta, StoryObj } from '@storybook/react-vite'
import { selectSendStatus, type SendActor } from '@latch/core'
import { enMessages as m } from '../../i18n/en.js'
import {
  fill,
  openSend,
  RECEIVER,
  RECEIVER_NAME,
  sendLatchInput,
  type SendSceneInput,
} from '../../stories/send-scene.js'
import { expects, scene, type StoryKit } from '../../stories/story-latch.js'

/**
 * Every Send state (issue 15's Storybook list): each scene reaches its state through core's
 * send machine, as the view's own intents would, on the scripted dev wallet and an in-memory
 * Latch server (stories/send-scene.ts).
 */
function sendScene(
  input: SendSceneInput,
  reach: (form: SendActor, kit: StoryKit) => Promise<void> | void = () => undefined,
) {
  return scene(sendLatchInput(input), async (kit) => reach(await openSend(kit), kit))
}

/** Waits for the toast that says how the sent transaction ended. */
const outcomeToast = (kit: StoryKit, message: string) =>
  kit.until(kit.latch.toast, (s) => s.context.toast?.message === message)

/** A valid native send of 0.1 ETH, sent. */
async function sendEth(form: SendActor, kit: StoryKit) {
  fill(form, { symbol: 'ETH', amount: '0.1', receiver: RECEIVER })
  await kit.until(form, (s) => selectSendStatus(s) === 'ready')
  form.send({ type: 'SEND' })
}

const meta = {
  title: 'Views/Send',
  parameters: expects('Send'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** Nothing filled in yet: the tokens to choose from, and no message. */
export const Empty: Story = {
  parameters: expects(undefined, m['view.Send.chooseToken'], m['view.Send.receiver']),
  loaders: [sendScene({})],
}

/** A valid send: the estimated fee in ETH and in USD (ETH has a price). */
export const Filled: Story = {
  parameters: expects(undefined, m['view.Send.fee'], '0.000021 ETH', '($0.06)'),
  loaders: [
    sendScene({}, async (form, kit) => {
      fill(form, { symbol: 'ETH', amount: '0.1', receiver: RECEIVER })
      await kit.until(form, (s) => s.context.fee !== undefined)
    }),
  ],
}

/** A receiver given as a name: its avatar and name, and the address it stands for. */
export const ResolvedName: Story = {
  parameters: expects(undefined, RECEIVER_NAME, '0x2222…2222'),
  loaders: [
    sendScene({}, async (form, kit) => {
      fill(form, { symbol: 'ETH', amount: '0.1', receiver: RECEIVER_NAME })
      await kit.until(form, (s) => s.context.receiverProfileName === RECEIVER_NAME)
    }),
  ],
}

/** SPEC §5: no amount, so 'An amount and receiver address are required'. */
export const Invalid: Story = {
  parameters: expects(undefined, m['error.SEND_AMOUNT_AND_RECEIVER_REQUIRED']),
  loaders: [sendScene({}, (form) => fill(form, { symbol: 'ETH', receiver: RECEIVER }))],
}

/** The fee is being estimated (the wallet's estimate never answers). */
export const Estimating: Story = {
  parameters: expects(undefined, m['view.Send.estimating']),
  loaders: [
    sendScene({ wallet: { fee: 'hold' } }, async (form, kit) => {
      fill(form, { symbol: 'ETH', amount: '0.1', receiver: RECEIVER })
      await kit.until(form, (s) => selectSendStatus(s) === 'estimating')
    }),
  ],
}

/** At the wallet: Send is busy, and the visitor is asked to confirm there. */
export const Sending: Story = {
  parameters: expects(undefined, m['view.Send.sending'], m['view.Send.confirmInWallet']),
  loaders: [
    sendScene({ wallet: { sendAnswer: 'hold' } }, async (form, kit) => {
      await sendEth(form, kit)
      await kit.until(form, (s) => selectSendStatus(s) === 'sending')
    }),
  ],
}

/** The wallet refused (4001): the catalogue's error, the form kept, and Retry. */
export const Rejected: Story = {
  parameters: expects(undefined, m['error.USER_REJECTED'], m['view.Send.retry']),
  loaders: [
    sendScene({ wallet: { sendAnswer: 4001 } }, async (form, kit) => {
      await sendEth(form, kit)
      await kit.until(form, (s) => s.context.error?.code === 'USER_REJECTED')
    }),
  ],
}

/** Sent and mined: the form is reset (a native send) and the toast says confirmed. */
export const Confirmed: Story = {
  parameters: expects(undefined, m['error.TRANSACTION_CONFIRMED']),
  loaders: [
    sendScene({}, async (form, kit) => {
      await sendEth(form, kit)
      await outcomeToast(kit, m['error.TRANSACTION_CONFIRMED'])
    }),
  ],
}

/** Sent, then replaced by a higher-fee copy: the toast gives the reason (repriced). */
export const Replaced: Story = {
  parameters: expects(undefined, 'Transaction repriced'),
  loaders: [
    sendScene(
      { wallet: { outcome: { status: 'replaced', reason: 'repriced', replacement: '0xab' } } },
      async (form, kit) => {
        await sendEth(form, kit)
        await outcomeToast(kit, 'Transaction repriced')
      },
    ),
  ],
}

/** Sent, and not mined within the wait (SPEC §9): the toast says it is not confirmed yet. */
export const TimedOut: Story = {
  parameters: expects(undefined, m['error.TRANSACTION_TIMED_OUT']),
  loaders: [
    sendScene({ wallet: { outcome: { status: 'timedOut' } } }, async (form, kit) => {
      await sendEth(form, kit)
      await outcomeToast(kit, m['error.TRANSACTION_TIMED_OUT'])
    }),
  ],
}
