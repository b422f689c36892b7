/**
 * External addresses of the info and about screens (PRODUCT.md §1: feedback and bug
 * reports go through a public code-hosting page; social links to a code-hosting
 * profile and a professional-network profile). One place to change them.
 */
export const CODE_HOST_PROFILE_URL = 'https://github.com/spincrate';
export const CODE_HOST_ISSUES_URL = 'https://github.com/spincrate/spincrate/issues';
export const PROFESSIONAL_PROFILE_URL = 'https://www.linkedin.com/company/spincrate';
