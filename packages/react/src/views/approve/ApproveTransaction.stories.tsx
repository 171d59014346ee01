import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { expects } from '../../stories/story-latch.js'
import { emailScene, untilView, submitEmail } from '../../stories/email-scene.js'

const meta = {
  title: 'Views/ApproveTransaction',
  parameters: expects('ApproveTransaction'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The frame asks to approve a signature: this view holds the frame's own approval UI. */
export const SignatureRequested: Story = {
  parameters: expects(
    undefined,
    m['view.ApproveTransaction.description'],
    'Request: personal_sign',
  ),
  loaders: [
    emailScene(async (kit, frame) => {
      kit.open()
      await submitEmail(kit, 'ada@example.com')
      await untilView(kit, 'EmailVerifyOtp')
      frame.notify({
        kind: 'notice',
        type: 'FRAME_APPROVAL_REQUESTED',
        payload: { id: crypto.randomUUID(), method: 'personal_sign' },
      })
      await untilView(kit, 'ApproveTransaction')
    }),
  ],
}
