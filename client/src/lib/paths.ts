/** Every route path of PRODUCT.md §2, in one place. */
export const paths = {
  root: '/',
  home: '/home',
  registration: '/registration',
  about: '/about',
  info: '/info',
  profile: '/user/profile',
  addRecord: '/user/add',
  editRecord: (id: number | string = ':id') => `/user/edit/${id}`,
  recordDetails: (recordId: number | string = ':recordId') => `/user/details/${recordId}`,
  importRecords: '/user/import',
  social: '/social',
  addFriend: '/social/add',
  latestListens: '/social/recentlySpun',
  hotp: '/social/hotp',
  friendCollection: (id: number | string = ':id') => `/social/friends/${id}`,
  friendRecord: (friendId: number | string = ':friendId', recordId: number | string = ':recordId') =>
    `/social/friends/${friendId}/${recordId}`,
  spins: '/spins',
  addSpin: '/spins/add',
  spinDetails: (id: number | string = ':id') => `/spins/details/${id}`,
  blindbag: '/blindbag',
  stats: '/stats',
  /** ListenBrainz settings (EXTENSIONS.md §8). */
  listenBrainz: '/settings/listenbrainz',
  /** A year in review (EXTENSIONS.md §10). */
  rewind: (year: number | string = ':year') => `/rewind/${year}`,
  test: '/test',
  /** The wantlist (EXTENSIONS.md §6). */
  wants: '/wants',
  addWant: '/wants/add',
  wantDetails: (id: number | string = ':id') => `/wants/${id}`,
  friendWants: (id: number | string = ':id') => `/social/friends/${id}/wants`,
  /** The user's share links (EXTENSIONS.md §7). */
  shareSettings: '/settings/share',
  /** A shared crate, public (EXTENSIONS.md §7): `{origin}/s/{token}`. */
  sharedCrate: (token: string = ':token') => `/s/${token}`,
  /** One record of a shared crate, read-only. */
  sharedRecord: (token: string = ':token', recordId: number | string = ':recordId') =>
    `/s/${token}/records/${recordId}`,
} as const;
