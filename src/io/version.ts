/** Version sent in the User-Agent; kept in sync with package.json by the release script. */
export const CALCTL_VERSION = '0.1.0';
