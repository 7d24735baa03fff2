/** What other features may use from the library: "save to favorites" for a verse. */
export { SaveFavoriteButton } from './SaveFavoriteButton.tsx';
