import type { Meta, StoryObj } from '@storybook/react-vite'
import { expects } from '../../stories/story-latch.js'
import { connectAuth, emailScene, untilView, startUpdate } from '../../stories/email-scene.js'

const meta = {
  title: 'Views/UpdateEmailPrimaryOtp',
  parameters: expects('UpdateEmailPrimaryOtp'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The code sent to the current address, before the new one's. */
export const CurrentAddressCode: Story = {
  parameters: expects(undefined, 'To move your wallet to new@example.com'),
  loaders: [
    emailScene(async (kit) => {
      await connectAuth(kit)
      kit.open({ route: { view: 'UpdateEmailWallet' } })
      await startUpdate(kit, 'new@example.com')
      await untilView(kit, 'UpdateEmailPrimaryOtp')
    }),
  ],
}
