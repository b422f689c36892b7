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
} as const;
