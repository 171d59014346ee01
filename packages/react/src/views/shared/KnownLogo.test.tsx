import { generateWalletIcon, type CaipAddress, type LogoNetwork } from '@latch/core'
import { networkLogoUrl, tokenLogoUrl } from '@latch/core/logos'
import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NetworkLogo, TokenLogo } from './KnownLogo.js'

const devnet: LogoNetwork = {
  caipNetworkId: 'eip155:31337',
  name: 'Latch Devnet A',
  nativeCurrency: { symbol: 'ETH' },
}

const imageOf = async (container: HTMLElement) =>
  waitFor(() => {
    const image = container.querySelector('img')
    expect(image).not.toBeNull()
    return image
  })

describe('NetworkLogo and TokenLogo', () => {
  it("draws the devnet with Ethereum's logo, decoratively", async () => {
    const { container } = render(<NetworkLogo network={devnet} />)
    const image = await imageOf(container)
    expect(image?.getAttribute('src')).toBe(networkLogoUrl(devnet))
    expect(image?.getAttribute('src')).not.toBe(
      generateWalletIcon(devnet.name, devnet.caipNetworkId),
    )
    expect(image?.getAttribute('alt')).toBe('')
  })

  it("draws ETH with its logo and the devnet's LTT with its generated icon", async () => {
    const ether = render(
      <TokenLogo token={{ symbol: 'ETH', chainId: 'eip155:31337' }} name="Ether" />,
    )
    expect((await imageOf(ether.container))?.getAttribute('src')).toBe(
      tokenLogoUrl({ symbol: 'ETH', chainId: 'eip155:31337' }),
    )
    const ltt: CaipAddress = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const test = render(
      <TokenLogo token={{ symbol: 'LTT', chainId: 'eip155:31337', address: ltt }} name="LTT" />,
    )
    expect((await imageOf(test.container))?.getAttribute('src')).toBe(
      generateWalletIcon('LTT', ltt),
    )
  })
})
