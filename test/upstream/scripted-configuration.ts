/** The smallest `/configuration` answer the graph accepts: what a test's scripted upstream sends for `{ configuration { changeKeys } }`. */
export const CONFIGURATION_BODY = JSON.stringify({
  change_keys: ['title'],
  images: {
    base_url: 'http://i/',
    secure_base_url: 'https://i/',
    backdrop_sizes: [],
    logo_sizes: [],
    poster_sizes: [],
    profile_sizes: [],
    still_sizes: [],
  },
});
