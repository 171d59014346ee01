import type { Meta, StoryObj } from '@storybook/react-vite'
import { expects } from '../../stories/story-latch.js'
import { connectAuth, emailScene, untilView, startUpdate } from '../../stories/email-scene.js'

const meta = {
  title: 'Views/UpdateEmailSecondaryOtp',
  parameters: expects('UpdateEmailSecondaryOtp'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The current address confirmed: the code sent to the new one. */
export const NewAddressCode: Story = {
  parameters: expects(undefined, 'Enter the code we sent to new@example.com.'),
  loaders: [
    emailScene(async (kit) => {
      await connectAuth(kit)
      kit.open({ route: { view: 'UpdateEmailWallet' } })
      await startUpdate(kit, 'new@example.com')
      await untilView(kit, 'UpdateEmailPrimaryOtp')
      kit.latch.updateEmail?.send({ type: 'SUBMIT_CODE', otp: '123456' })
      await untilView(kit, 'UpdateEmailSecondaryOtp')
    }),
  ],
}
