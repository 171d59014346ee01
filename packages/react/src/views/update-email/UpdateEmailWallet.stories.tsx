import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { expects } from '../../stories/story-latch.js'
import { connectAuth, emailScene, untilView } from '../../stories/email-scene.js'

const meta = {
  title: 'Views/UpdateEmailWallet',
  parameters: expects('UpdateEmailWallet'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** Logged in by email: the new address's field. */
export const NewAddress: Story = {
  parameters: expects(undefined, m['view.UpdateEmailWallet.label']),
  loaders: [
    emailScene(async (kit) => {
      await connectAuth(kit)
      kit.open({ route: { view: 'UpdateEmailWallet' } })
      await untilView(kit, 'UpdateEmailWallet')
    }),
  ],
}
