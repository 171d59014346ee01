const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="#1f2937"/><path d="M34 44v-8a14 14 0 0 1 28 0v8" fill="none" stroke="#fbbf24" stroke-width="7" stroke-linecap="round"/><rect x="24" y="44" width="48" height="34" rx="8" fill="#fbbf24"/><circle cx="48" cy="59" r="5" fill="#1f2937"/><rect x="45.5" y="60" width="5" height="10" rx="2.5" fill="#1f2937"/></svg>`

/** The wallet's EIP-6963 icon: an SVG data URI (a padlock), so nothing is ever fetched. */
export const DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`
