/** Linked records named by id, slug or name, resolved to ids by asking the site (see resolver.ts). */
export {
  createLinkResolver,
  LinkError,
  type LinkResolver,
  type LinkResolverOptions,
  type NamedLink,
} from './resolver.js';
export { type Known, NAME_KEY, type SiteNames, siteNames } from './site-names.js';
