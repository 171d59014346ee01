import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { openOverAccount } from '../../stories/send-scene.js'
import { devnetA, devnetB, expects, scene, storyWallet } from '../../stories/story-latch.js'

/** The dev wallet's address, given to it so the story can name what it shows. */
const DEV_ADDRESS = '0x0000000000000000000000000000000000000f65'

const meta = {
  title: 'Views/Receive',
  parameters: expects('Receive'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The address as text and as a QR code, copy, and the EVM networks it receives on. */
export const Address: Story = {
  parameters: expects(
    undefined,
    DEV_ADDRESS,
    m['view.Receive.copy'],
    m['view.Receive.networks'],
    devnetA.name,
    devnetB.name,
  ),
  loaders: [
    scene({ wallets: [storyWallet('io.dev', 'Dev Wallet', { address: DEV_ADDRESS })] }, (kit) =>
      openOverAccount(kit, 'Receive'),
    ),
  ],
}
