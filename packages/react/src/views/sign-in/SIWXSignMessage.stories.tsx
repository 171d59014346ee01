import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { expects, t } from '../../stories/story-latch.js'
import { signInScene } from './sign-in-scene.js'

const meta = {
  title: 'Views/SIWXSignMessage',
  parameters: expects('SIWXSignMessage'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const heading = t('view.SIWXSignMessage.heading', { app: 'Acme' })

/** After a connect, with no session yet: Sign or Cancel. */
export const Ready: Story = {
  parameters: expects(undefined, heading, m['view.SIWXSignMessage.sign']),
  loaders: [signInScene({})],
}

/** Sign-in is required: Close is disabled, and the view says Cancel disconnects. */
export const Required: Story = {
  parameters: expects(undefined, heading, m['view.SIWXSignMessage.required']),
  loaders: [signInScene({ required: true })],
}

/** The wallet's prompt is open: the message shows, and Sign waits. */
export const AwaitingWallet: Story = {
  parameters: expects(undefined, m['view.SIWXSignMessage.awaitingWallet']),
  loaders: [
    signInScene({ sign: () => new Promise(() => undefined) }, async (kit) => {
      const run = kit.latch.signingIn
      run?.send({ type: 'SIGN' })
      if (run) await kit.until(run, (s) => s.matches({ signing: 'awaitingWallet' }))
    }),
  ],
}

/** The wallet refused: 'Signature declined', with Try again. */
export const Declined: Story = {
  parameters: expects(undefined, m['error.SIGNATURE_DECLINED'], m['view.SIWXSignMessage.tryAgain']),
  loaders: [
    signInScene(
      {
        sign: () => Promise.reject(Object.assign(new Error('User rejected'), { code: 4001 })),
      },
      async (kit) => {
        const run = kit.latch.signingIn
        run?.send({ type: 'SIGN' })
        if (run) await kit.until(run, (s) => s.matches('failed'))
      },
    ),
  ],
}

/** The view showed just before the keeper knew: the run looks for a session first. */
export const Checking: Story = {
  parameters: expects(undefined, m['view.SIWXSignMessage.checking']),
  loaders: [signInScene({ hold: { lookup: true } })],
}

/** Sign pressed: the backend writes the message (its nonce, the page's domain). */
export const Preparing: Story = {
  parameters: expects(undefined, m['view.SIWXSignMessage.preparing']),
  loaders: [
    signInScene({ hold: { message: true } }, async (kit) => {
      const run = kit.latch.signingIn
      run?.send({ type: 'SIGN' })
      if (run) await kit.until(run, (s) => s.matches({ signing: 'preparing' }))
    }),
  ],
}

/** Signed: the backend checks the signature and keeps the session. */
export const Verifying: Story = {
  parameters: expects(undefined, m['view.SIWXSignMessage.verifying']),
  loaders: [
    signInScene({ hold: { verify: true } }, async (kit) => {
      const run = kit.latch.signingIn
      run?.send({ type: 'SIGN' })
      if (run) await kit.until(run, (s) => s.matches({ signing: 'verifying' }))
    }),
  ],
}
