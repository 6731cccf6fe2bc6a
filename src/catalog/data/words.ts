/** Word lists combined into plausible titles, names and texts. Invented; no real titles. */

export const ADJECTIVES = [
  'Silent', 'Crimson', 'Hidden', 'Last', 'Broken', 'Golden', 'Endless', 'Frozen', 'Wild', 'Lost',
  'Burning', 'Distant', 'Hollow', 'Iron', 'Midnight', 'Quiet', 'Restless', 'Scarlet', 'Shattered', 'Silver',
  'Stolen', 'Northern', 'Savage', 'Electric', 'Fading', 'Forgotten', 'Glass', 'Velvet', 'Wandering', 'Bitter',
  'Brave', 'Dark', 'Final', 'Secret', 'Second', 'Sleeping', 'Twisted', 'Empty', 'Eternal', 'Lonely',
];

export const NOUNS = [
  'River', 'Kingdom', 'Harbor', 'Shadow', 'Garden', 'Signal', 'Empire', 'Horizon', 'Letter', 'Mirror',
  'Storm', 'Witness', 'Orchard', 'Frontier', 'Lighthouse', 'Promise', 'Summer', 'Winter', 'Voyage', 'Crown',
  'Machine', 'Station', 'Island', 'Circus', 'Engine', 'Forest', 'Tide', 'Echo', 'Compass', 'Cathedral',
  'Highway', 'Ember', 'Labyrinth', 'Requiem', 'Paradise', 'Hunter', 'Stranger', 'Daughter', 'Sister', 'Heist',
  'Code', 'Map', 'Night', 'Sky', 'Sea', 'Fire', 'Moon', 'Valley', 'Bridge', 'Citadel',
];

export const PLACES = [
  'Arcadia', 'Blackwater', 'Elmstead', 'Marrow Creek', 'Port Juniper', 'Ravenhill', 'Saint Ives', 'Thornbury',
  'Vallejo', 'Westmoor', 'Kestrel Bay', 'Oakhaven', 'Nova Lisboa', 'Dunmore', 'Greyfield', 'Halcyon',
];

export const FIRST_NAMES = [
  'Ada', 'Alice', 'Amara', 'Ben', 'Caleb', 'Chloe', 'Daniel', 'Elena', 'Emil', 'Farah', 'Felix', 'Grace',
  'Hana', 'Hugo', 'Iris', 'Isaac', 'Jonah', 'Julia', 'Kenji', 'Lena', 'Leo', 'Lucia', 'Marcus', 'Maya',
  'Mateo', 'Nadia', 'Nina', 'Oliver', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Ruth', 'Samuel', 'Sofia', 'Theo',
  'Tomas', 'Vera', 'Wren', 'Yusuf', 'Zoe', 'Arjun', 'Beatriz', 'Clara', 'Dmitri', 'Elif', 'Freya', 'Gideon',
];

export const LAST_NAMES = [
  'Abbott', 'Alvarez', 'Bauer', 'Bishop', 'Castillo', 'Chen', 'Dalton', 'Delacroix', 'Ellison', 'Fischer',
  'Fontaine', 'Garrido', 'Hale', 'Hartmann', 'Ito', 'Jansen', 'Kowalski', 'Larsen', 'Lindqvist', 'Moreau',
  'Nakamura', 'Novak', 'Okafor', 'Oyelaran', 'Park', 'Petrov', 'Quintero', 'Reyes', 'Rossi', 'Sandoval',
  'Schneider', 'Silva', 'Sorensen', 'Tanaka', 'Thornton', 'Ueda', 'Vance', 'Varga', 'Whitaker', 'Yilmaz',
];

/** Small per-language vocabularies for original and alternative titles of non-English works. */
export const FOREIGN_WORDS: Record<string, { articles: string[]; words: string[] }> = {
  es: { articles: ['El', 'La'], words: ['Sombra', 'Noche', 'Ciudad', 'Silencio', 'Camino', 'Fuego', 'Mar', 'Último'] },
  fr: { articles: ['Le', 'La'], words: ['Nuit', 'Ombre', 'Rivière', 'Silence', 'Dernier', 'Jardin', 'Rêves', 'Ciel'] },
  de: { articles: ['Der', 'Die'], words: ['Nacht', 'Schatten', 'Fluss', 'Stille', 'Letzte', 'Garten', 'Träume', 'Himmel'] },
  it: { articles: ['Il', 'La'], words: ['Notte', 'Ombra', 'Fiume', 'Silenzio', 'Ultimo', 'Giardino', 'Sogni', 'Cielo'] },
  pt: { articles: ['O', 'A'], words: ['Noite', 'Sombra', 'Rio', 'Silêncio', 'Último', 'Jardim', 'Sonhos', 'Céu'] },
  ja: { articles: [], words: ['夜', '影', '川', '沈黙', '最後の', '庭', '夢', '空', '海', '約束'] },
  ko: { articles: [], words: ['밤', '그림자', '강', '침묵', '마지막', '정원', '꿈', '하늘', '바다', '약속'] },
  pl: { articles: [], words: ['Noc', 'Cień', 'Rzeka', 'Cisza', 'Ostatni', 'Ogród', 'Niebo', 'Morze'] },
  sv: { articles: [], words: ['Natten', 'Skuggan', 'Floden', 'Tystnaden', 'Sista', 'Trädgården', 'Himlen'] },
  tr: { articles: [], words: ['Gece', 'Gölge', 'Nehir', 'Sessizlik', 'Son', 'Bahçe', 'Rüyalar', 'Gökyüzü'] },
};

export const COMPANY_STEMS = [
  'Northlight', 'Silverline', 'Blue Harbor', 'Red Kite', 'Granite', 'Paper Lantern', 'Cobalt', 'Wildflower',
  'Ironbridge', 'Old Mill', 'Starling', 'Meridian', 'Foxglove', 'Highgate', 'Lumen', 'Blackbird',
  'Copperhead', 'Driftwood', 'Evergreen', 'Harvest Moon', 'Juniper', 'Kingfisher', 'Lodestar', 'Moonrise',
  'Nightjar', 'Orchid', 'Pinewood Hill', 'Quarry', 'Riverstone', 'Sundial', 'Tallgrass', 'Umbra',
];

export const COMPANY_KINDS = [
  'Pictures', 'Films', 'Studios', 'Entertainment', 'Media', 'Productions', 'Television', 'Animation',
  'Documentary', 'International', 'Europe', 'Asia', 'Latin America', 'Family', 'Originals', 'Distribution',
  'Sports', 'Classics', 'Independent Productions', 'Digital', 'Music', 'Home Entertainment', 'Features', 'Kids',
];

export const CITIES: Record<string, string[]> = {
  US: ['Los Angeles, California', 'New York City, New York', 'Burbank, California', 'Atlanta, Georgia'],
  GB: ['London, England', 'Manchester, England', 'Glasgow, Scotland'],
  FR: ['Paris', 'Lyon'],
  DE: ['Berlin', 'Munich', 'Cologne'],
  CA: ['Toronto, Ontario', 'Vancouver, British Columbia', 'Montreal, Quebec'],
  JP: ['Tokyo', 'Osaka'],
  KR: ['Seoul', 'Busan'],
  ES: ['Madrid', 'Barcelona'],
  IT: ['Rome', 'Milan'],
  AU: ['Sydney, New South Wales', 'Melbourne, Victoria'],
};

export const NETWORK_NAMES = [
  'NBX', 'Channel Nine West', 'Lumen+', 'Vista One', 'Kestrel TV', 'Globe Network', 'Arc Channel', 'Northstream',
  'Cinebox', 'Rivera TV', 'TV Aurora', 'Halcyon Broadcasting', 'Prism', 'Metro 4', 'Bluebell Network', 'Zenith',
  'Foxfire', 'Station K', 'Polaris TV', 'Tidewater',
];

export const PROVIDER_NAMES = [
  'Streamora', 'CineVault', 'Kinobox', 'Flixpoint', 'Reelhouse', 'Moviestar Plus', 'Nimbus TV', 'Popcorn Go',
  'Screenly', 'Vidora', 'Marquee Now', 'Lumen Play', 'Halo Stream', 'Tidal Cinema', 'Orbit Play', 'PrimeReel',
  'Cinemix', 'Starlight Stream', 'Boxset', 'Netvue', 'Pixel Theatre', 'Encore Play', 'Projector', 'Sofa Cinema',
  'FrameRate', 'Filmhaus', 'Vista Play', 'Anima Channel', 'Docu+', 'Kids Corner', 'Arthouse Online', 'Silver Screen Go',
  'Rewind TV', 'Matinee', 'Spotlight', 'Crimson Play', 'Northstream Play', 'Pulse Video', 'Reel Asia', 'Telenova',
  'Clipper', 'Binge House', 'Stagecoach TV', 'Channel Hop', 'Harbor Stream', 'Globo Play Plus', 'Cine Latino',
  'Euro Screen', 'Bright Box', 'Zenith Now',
];

export const KEYWORDS = [
  'heist', 'based on novel or book', 'small town', 'revenge', 'time travel', 'coming of age', 'dystopia',
  'road trip', 'family secret', 'artificial intelligence', 'haunted house', 'undercover', 'survival',
  'friendship', 'space travel', 'corruption', 'breaking the fourth wall', 'found family', 'whodunit', 'sequel',
];

export const GENRE_NOUNS = ['thriller', 'drama', 'comedy', 'mystery', 'adventure', 'fable', 'saga', 'romance'];

export const TAGLINES = [
  'Some secrets refuse to stay buried.', 'Every ending is a new beginning.', 'The truth has a price.',
  'Nobody gets out alone.', 'One night can change everything.', 'Home is where the danger is.',
  'The past is never finished.', 'Run. Hide. Remember.', 'Hope is the last thing to go.',
  'Trust no one. Not even yourself.', 'The world ends at dawn.', 'Love is the bravest thing.',
];

export const REVIEW_OPENERS = [
  'I went in with low expectations and came out genuinely moved.',
  'This is one of those stories that stays with you for days.',
  'A handsome production that never quite finds its heart.',
  'Honestly, I wanted to like this more than I did.',
  'What a ride from start to finish.',
  'The premise is strong, but the execution is uneven.',
];

export const REVIEW_MIDDLES = [
  'The performances are excellent across the board, especially in the quieter scenes.',
  'The pacing drags in the middle act, though the final stretch makes up for it.',
  'The cinematography is gorgeous and the score does a lot of heavy lifting.',
  'The writing is sharp, funny and surprisingly tender.',
  'Some of the twists are easy to see coming, but they still land.',
  'The world-building is detailed without ever feeling like homework.',
];

export const REVIEW_CLOSERS = [
  'Recommended.', 'Worth a watch on a rainy evening.', 'Not perfect, but memorable.',
  'I will be thinking about that ending for a while.', 'A solid effort overall.', 'Skip it unless you are a completist.',
];

export const LIST_NAMES = [
  'My Movies', 'Watchlist', 'Favorites', 'To Watch', 'Movies I own', 'Done', 'Seen', 'Weekend picks',
  'Best of the decade', 'Comfort watches', 'Hidden gems', 'Film club', 'Rewatch', 'Top 100', 'Date night',
  'Must see', 'Already watched', 'Collection', 'Recommendations', 'Guilty pleasures',
];

export const LIST_DESCRIPTIONS = [
  '', '', '', '', 'Movies I own', 'Things to watch this year', 'My personal favourites', 'Ranked, roughly',
  'For when I need something light', 'Recommended by friends',
];
