import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import {
  expects,
  renderScene,
  scene,
  storyWallet,
  type StoryKit,
} from '../../stories/story-latch.js'
import { ConnectButton, type ConnectButtonProps } from './ConnectButton.js'

const balanceRead = (kit: StoryKit) =>
  kit.until(kit.latch.connection, (s) => s.context.accountData.eip155?.balance !== undefined)

const meta = {
  title: 'Components/ConnectButton',
  component: ConnectButton,
  parameters: { layout: 'centered', ...expects(null) },
  // The button in a host page; a click opens the modal on the view the opening rules pick.
  render: (args, { loaded }) => renderScene(loaded, <ConnectButton {...args} />),
} satisfies Meta<ConnectButtonProps>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing connected: "Connect Wallet". */
export const Disconnected: Story = {
  parameters: expects(undefined, m['connectButton.connect']),
  loaders: [scene({ wallets: [storyWallet('io.dev', 'Dev Wallet')] }, () => undefined)],
}

/** A wallet prompt is open (its waiting view on show): the button says so and is busy. */
export const Connecting: Story = {
  parameters: expects('ConnectingExternal', m['connectButton.connecting']),
  loaders: [
    scene({ wallets: [storyWallet('io.dev', 'Dev Wallet', { answer: 'never' })] }, (kit) => {
      kit.choose('io.dev')
    }),
  ],
}

/** Connected: the short address and the native balance core read. */
export const Connected: Story = {
  parameters: expects(undefined, '1.5 ETH'),
  loaders: [
    scene({ wallets: [storyWallet('io.dev', 'Dev Wallet')] }, async (kit) => {
      await kit.connect('io.dev')
      await balanceRead(kit)
    }),
  ],
}

/** Connected, with the host's `balance={false}`: the address alone. */
export const ConnectedWithoutBalance: Story = {
  args: { balance: false },
  loaders: Connected.loaders,
}

/** Connected while the balance is still being read: the address alone until it arrives. */
export const BalanceLoading: Story = {
  loaders: [
    scene({ wallets: [storyWallet('io.dev', 'Dev Wallet', { balance: 'hold' })] }, async (kit) => {
      await kit.connect('io.dev')
    }),
  ],
}
