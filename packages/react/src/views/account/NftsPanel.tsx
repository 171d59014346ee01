import { safeImageUrl, type NftItem } from '@latch/core'
import { useCallback } from 'react'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useLatchNfts, useLatchOpenNft } from '../../hooks/useLatchAccountTabs.js'
import { PagedPanel } from './PagedPanel.js'

/**
 * SPEC §2 NFTs: a gallery of the account's NFTs (paged by cursor like Activity) and, for the
 * one picked, its detail. Token images are anyone's content: only what core's image rule keeps
 * becomes an `<img>`, and the name is always written beside it.
 */
export function NftsPanel() {
  const latch = useLatch()
  const t = useT()
  const nfts = useLatchNfts()
  const open = useLatchOpenNft()
  const loadMore = useCallback(() => latch.accountData.send({ type: 'LOAD_MORE' }), [latch])
  if (open) return <NftDetail nft={open} />
  return (
    <PagedPanel
      list={nfts}
      loadingLabel={t('view.Account.nfts.loading')}
      emptyLabel={t('view.Account.nfts.empty')}
      failedLabel={t('view.Account.nfts.failed')}
      onRetry={() => latch.actor.send({ type: 'RETRY' })}
      onLoadMore={loadMore}
    >
      <ul
        aria-label={t('view.Account.nfts.gallery')}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          // minmax(0, …): a long name or the button's padding never widens a column past the
          // modal's edge (issue 37); each third of the width is the card's, whatever it holds.
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: 8,
        }}
      >
        {nfts.items.map((nft) => (
          <li key={nft.id}>
            <button
              type="button"
              className="latch-button"
              data-variant="secondary"
              style={nftCardStyle}
              onClick={() => latch.accountData.send({ type: 'SELECT_NFT', id: nft.id })}
            >
              <NftImage nft={nft} size={80} fill />
              <span style={nftNameStyle}>{nft.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </PagedPanel>
  )
}

const nftCardStyle = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: 4,
  width: '100%',
  minWidth: 0,
  height: 'auto',
  padding: 6,
} as const
const nftNameStyle = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const

/** The NFT's image: `size` px square, or (`fill`) its card's whole width, square. */
function NftImage({ nft, size, fill = false }: { nft: NftItem; size: number; fill?: boolean }) {
  const t = useT()
  const src = safeImageUrl(nft.imageUrl)
  const box = fill
    ? { width: '100%', height: 'auto', aspectRatio: '1' }
    : { width: size, height: size }
  return src ? (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      style={{ ...box, objectFit: 'cover', borderRadius: 6 }}
    />
  ) : (
    <span className="latch-muted" style={{ ...box, display: 'grid', placeItems: 'center' }}>
      {t('view.Account.nfts.noImage')}
    </span>
  )
}

function NftDetail({ nft }: { nft: NftItem }) {
  const latch = useLatch()
  const t = useT()
  const facts: [string, string][] = [
    [t('view.Account.nfts.tokenId'), nft.tokenId],
    [t('view.Account.nfts.amount'), nft.amount],
    [t('view.Account.nfts.standard'), nft.standard.toUpperCase()],
    [t('view.Account.nfts.contract'), nft.contract],
  ]
  return (
    <div className="latch-center">
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        onClick={() => latch.accountData.send({ type: 'SELECT_NFT', id: undefined })}
      >
        {t('view.Account.nfts.back')}
      </button>
      <NftImage nft={nft} size={200} />
      <h3 style={{ margin: 0 }}>{nft.name}</h3>
      <p className="latch-muted" style={{ margin: 0 }}>
        {nft.collection}
      </p>
      {nft.description ? <p style={{ margin: 0 }}>{nft.description}</p> : null}
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          gap: 4,
          margin: 0,
          textAlign: 'start',
        }}
      >
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt className="latch-muted">{label}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
