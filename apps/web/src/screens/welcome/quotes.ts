export interface GolfQuote {
  text: string;
  author: string;
}

/** The welcome screen's fixed list of 25 golf quotes (section 2). */
export const GOLF_QUOTES: readonly GolfQuote[] = [
  { text: 'The most important shot in golf is the next one.', author: 'Ben Hogan' },
  { text: 'Golf is a game of inches. The most important are the six inches between your ears.', author: 'Arnold Palmer' },
  { text: 'The more I practice, the luckier I get.', author: 'Gary Player' },
  { text: 'Golf is deceptively simple and endlessly complicated.', author: 'Arnold Palmer' },
  { text: 'Concentration comes out of a combination of confidence and hunger.', author: 'Arnold Palmer' },
  { text: 'Golf is a compromise between what your ego wants you to do, what experience tells you to do, and what your nerves let you do.', author: 'Bruce Crampton' },
  { text: 'The only thing you should force in a golf swing is the club back into the bag.', author: 'Byron Nelson' },
  { text: 'Competitive golf is played mainly on a five-and-a-half-inch course: the space between your ears.', author: 'Bobby Jones' },
  { text: 'Of all the hazards, fear is the worst.', author: 'Sam Snead' },
  { text: 'Practice puts brains in your muscles.', author: 'Sam Snead' },
  { text: 'Success in this game depends less on strength of body than strength of mind and character.', author: 'Arnold Palmer' },
  { text: 'Golf is the closest game to the game we call life. You get bad breaks from good shots; you get good breaks from bad shots, but you have to play the ball where it lies.', author: 'Bobby Jones' },
  { text: 'I never hit a shot, not even in practice, without having a very sharp, in-focus picture of it in my head.', author: 'Jack Nicklaus' },
  { text: "Don't be too proud to take lessons. I'm not.", author: 'Jack Nicklaus' },
  { text: 'Resolve never to quit, never to give up, no matter what the situation.', author: 'Jack Nicklaus' },
  { text: 'Golf is about how well you accept, respond to, and score with your misses much more so than it is a game of your perfect shots.', author: 'Bob Rotella' },
  { text: 'No matter what happens, keep on hitting the ball.', author: 'Harry Vardon' },
  { text: 'A good golfer has the determination to win and the patience to wait for the breaks.', author: 'Gary Player' },
  { text: 'Every shot counts. The three-foot putt is as important as the 300-yard drive.', author: 'Henry Cotton' },
  { text: 'Golf is a game of misses. The guy who misses the best is going to win.', author: 'Ben Hogan' },
  { text: 'Forget your opponents; always play against par.', author: 'Sam Snead' },
  { text: 'Golf is not a game of perfect.', author: 'Bob Rotella' },
  { text: 'Confidence is the most important single factor in this game.', author: 'Jack Nicklaus' },
  { text: 'The secret is in the dirt.', author: 'Ben Hogan' },
  { text: 'Putts get real difficult the day they hand out the money.', author: 'Lee Trevino' },
];

export function randomQuote(random: () => number = Math.random): GolfQuote {
  return GOLF_QUOTES[Math.floor(random() * GOLF_QUOTES.length) % GOLF_QUOTES.length]!;
}
