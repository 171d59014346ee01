import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { expects } from '../../stories/story-latch.js'
import { emailScene, submitEmail } from '../../stories/email-scene.js'

const meta = {
  title: 'Views/Connect/Email',
  parameters: expects('Connect'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The email field on Connect, after the wallets (a browser wallet is visible: SPEC §2). */
export const EmailField: Story = {
  parameters: expects(undefined, m['view.ConnectingEmail.label'], m['view.ConnectingEmail.submit']),
  loaders: [emailScene((kit) => kit.open())],
}

/** A second login within 30 s: the SPEC §5 throttle's text under the field. */
export const TooEarly: Story = {
  parameters: expects(undefined, 'Please try again after'),
  loaders: [
    emailScene(
      async (kit) => {
        kit.open()
        await submitEmail(kit, 'ada@example.com')
        const login = kit.latch.emailLogin
        if (!login) throw new Error('No login started')
        await kit.until(login, (snapshot) => snapshot.context.error !== undefined)
        login.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
      },
      { CONNECT_EMAIL: () => Promise.reject(new Error('Mail is down')) },
    ),
  ],
}
