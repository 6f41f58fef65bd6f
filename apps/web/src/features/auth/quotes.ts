// The 60 finance quotes of the access screen's rotating quote widget (product-spec.md section 2).

export interface Quote {
  text: string;
  author: string;
}

export const QUOTES: readonly Quote[] = [
  {
    text: 'The stock market is a device for transferring money from the impatient to the patient.',
    author: 'Warren Buffett',
  },
  { text: 'Be fearful when others are greedy and greedy when others are fearful.', author: 'Warren Buffett' },
  { text: 'Price is what you pay. Value is what you get.', author: 'Warren Buffett' },
  { text: 'Rule No. 1: Never lose money. Rule No. 2: Never forget rule No. 1.', author: 'Warren Buffett' },
  { text: "Risk comes from not knowing what you're doing.", author: 'Warren Buffett' },
  { text: 'Our favorite holding period is forever.', author: 'Warren Buffett' },
  {
    text: "Someone's sitting in the shade today because someone planted a tree a long time ago.",
    author: 'Warren Buffett',
  },
  {
    text: "Only when the tide goes out do you discover who's been swimming naked.",
    author: 'Warren Buffett',
  },
  {
    text: "It's far better to buy a wonderful company at a fair price than a fair company at a wonderful price.",
    author: 'Warren Buffett',
  },
  {
    text: 'Do not save what is left after spending, but spend what is left after saving.',
    author: 'Warren Buffett',
  },
  {
    text: 'Opportunities come infrequently. When it rains gold, put out the bucket, not the thimble.',
    author: 'Warren Buffett',
  },
  { text: 'Never invest in a business you cannot understand.', author: 'Warren Buffett' },
  {
    text: 'Wide diversification is only required when investors do not understand what they are doing.',
    author: 'Warren Buffett',
  },
  { text: 'Know what you own, and know why you own it.', author: 'Peter Lynch' },
  { text: 'The person that turns over the most rocks wins the game.', author: 'Peter Lynch' },
  { text: 'Behind every stock is a company. Find out what it’s doing.', author: 'Peter Lynch' },
  {
    text: 'Far more money has been lost by investors preparing for corrections, or trying to anticipate corrections, than has been lost in corrections themselves.',
    author: 'Peter Lynch',
  },
  { text: "In this business, if you're good, you're right six times out of ten.", author: 'Peter Lynch' },
  {
    text: "The investor's chief problem, and even his worst enemy, is likely to be himself.",
    author: 'Benjamin Graham',
  },
  {
    text: 'In the short run, the market is a voting machine but in the long run it is a weighing machine.',
    author: 'Benjamin Graham',
  },
  {
    text: 'The intelligent investor is a realist who sells to optimists and buys from pessimists.',
    author: 'Benjamin Graham',
  },
  {
    text: 'The individual investor should act consistently as an investor and not as a speculator.',
    author: 'Benjamin Graham',
  },
  { text: 'An investment in knowledge pays the best interest.', author: 'Benjamin Franklin' },
  { text: 'Beware of little expenses; a small leak will sink a great ship.', author: 'Benjamin Franklin' },
  {
    text: "The four most dangerous words in investing are: 'This time it's different.'",
    author: 'Sir John Templeton',
  },
  {
    text: 'Bull markets are born on pessimism, grown on skepticism, mature on optimism, and die on euphoria.',
    author: 'Sir John Templeton',
  },
  {
    text: 'The time of maximum pessimism is the best time to buy, and the time of maximum optimism is the best time to sell.',
    author: 'Sir John Templeton',
  },
  { text: "Don't look for the needle in the haystack. Just buy the haystack!", author: 'John C. Bogle' },
  { text: 'Time is your friend; impulse is your enemy.', author: 'John C. Bogle' },
  { text: 'The trend is your friend until the end when it bends.', author: 'Ed Seykota' },
  { text: 'Win or lose, everybody gets what they want out of the market.', author: 'Ed Seykota' },
  {
    text: 'The elements of good trading are: cutting losses, cutting losses, and cutting losses.',
    author: 'Ed Seykota',
  },
  {
    text: 'It never was my thinking that made the big money for me. It always was my sitting.',
    author: 'Jesse Livermore',
  },
  {
    text: "There is nothing new in Wall Street. There can't be because speculation is as old as the hills.",
    author: 'Jesse Livermore',
  },
  { text: 'The market is never wrong, but opinions often are.', author: 'Jesse Livermore' },
  {
    text: "It's not whether you're right or wrong that's important, but how much money you make when you're right and how much you lose when you're wrong.",
    author: 'George Soros',
  },
  { text: "I'm only rich because I know when I'm wrong.", author: 'George Soros' },
  { text: "Don't focus on making money; focus on protecting what you have.", author: 'Paul Tudor Jones' },
  {
    text: 'The most important rule of trading is to play great defense, not great offense.',
    author: 'Paul Tudor Jones',
  },
  { text: 'Losers average losers.', author: 'Paul Tudor Jones' },
  {
    text: 'Letting losses run is the most serious mistake made by most investors.',
    author: "William J. O'Neil",
  },
  {
    text: 'What seems too high and risky to the majority generally goes higher, and what seems low and cheap generally goes lower.',
    author: "William J. O'Neil",
  },
  {
    text: 'Value investing is at its core the marriage of a contrarian streak and a calculator.',
    author: 'Seth Klarman',
  },
  { text: 'You can’t predict. You can prepare.', author: 'Howard Marks' },
  { text: 'Being too far ahead of your time is indistinguishable from being wrong.', author: 'Howard Marks' },
  { text: 'Risk means more things can happen than will happen.', author: 'Elroy Dimson' },
  { text: 'He who lives by the crystal ball will eat shattered glass.', author: 'Ray Dalio' },
  { text: 'Pain plus reflection equals progress.', author: 'Ray Dalio' },
  {
    text: 'Diversifying well is the most important thing you need to do in order to invest well.',
    author: 'Ray Dalio',
  },
  {
    text: 'Investing should be more like watching paint dry or watching grass grow. If you want excitement, take $800 and go to Las Vegas.',
    author: 'Paul Samuelson',
  },
  {
    text: 'Amateurs think about how much money they can make. Professionals think about how much money they could lose.',
    author: 'Jack Schwager',
  },
  {
    text: 'The goal of a successful trader is to make the best trades. Money is secondary.',
    author: 'Alexander Elder',
  },
  {
    text: 'The desire to perform all the time is usually a barrier to performing over time.',
    author: 'Robert Olstein',
  },
  {
    text: 'Given a ten percent chance of a 100 times payoff, you should take that bet every time.',
    author: 'Jeff Bezos',
  },
  { text: 'The biggest risk is not taking any risk.', author: 'Mark Zuckerberg' },
  { text: 'Money is a terrible master but an excellent servant.', author: 'P. T. Barnum' },
  {
    text: 'Formal education will make you a living; self-education will make you a fortune.',
    author: 'Jim Rohn',
  },
  {
    text: 'Wall Street is the only place that people ride to in a Rolls-Royce to get advice from those who take the subway.',
    author: 'Warren Buffett',
  },
  {
    text: 'Every once in a while, the market does something so stupid it takes your breath away.',
    author: 'Jim Cramer',
  },
  {
    text: 'October. This is one of the peculiarly dangerous months to speculate in stocks in. The others are July, January, September, April, November, May, March, June, December, August and February.',
    author: 'Mark Twain',
  },
];
