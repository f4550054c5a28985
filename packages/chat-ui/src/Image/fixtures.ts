// Local images for stories and tests: no network.
const svg = (fill: string, label: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="${fill}"/><circle cx="240" cy="70" r="30" fill="#fde68a"/><path d="M0 240 110 110l70 80 40-40 100 90Z" fill="#14532d"/><text x="20" y="40" font-family="sans-serif" font-size="20" fill="#fff">${label}</text></svg>`,
  )}`;

export const sampleImage = svg('#2563eb', 'Receipt');
export const sampleThumbnail = svg('#1d4ed8', 'Thumb');
export const brokenImage = 'data:image/png;base64,broken';
