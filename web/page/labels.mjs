// Piece labels. The engine's data names each piece in English; the page
// keeps its own kanji table keyed by that name (without a parenthesised
// "(promoted X)"). One kanji for the common pieces, the traditional
// two-kanji name where one would be ambiguous; a piece with no entry is
// shown by its letters.

const KANJI = {
  King: '王',
  Prince: '太',
  'Crown Prince': '太',
  Emperor: '帝',
  'Gold General': '金',
  Gold: '金',
  'Silver General': '銀',
  Silver: '銀',
  'Copper General': '銅',
  Copper: '銅',
  'Iron General': '鉄',
  'Stone General': '石',
  'Ferocious Leopard': '豹',
  Leopard: '豹',
  'Blind Tiger': '虎',
  Tiger: '虎',
  'Running Tiger': '走虎',
  'Drunk Elephant': '象',
  Elephant: '象',
  Kirin: '麒',
  Phoenix: '鳳',
  Lion: '獅',
  'Lion Hawk': '獅鷹',
  'Free King': '奔',
  Queen: '奔',
  'Dragon King': '龍',
  Dragon: '龍',
  'Dragon Horse': '馬',
  Rook: '飛',
  Bishop: '角',
  'Vertical Mover': '竪',
  'Side Mover': '横',
  'Reverse Chariot': '反',
  Lance: '香',
  'Go-Between': '仲',
  Pawn: '歩',
  Tokin: 'と',
  'Flying Stag': '鹿',
  Stag: '鹿',
  'White Horse': '駒',
  Whale: '鯨',
  'Soaring Eagle': '鷲',
  Eagle: '鷲',
  'Free Eagle': '奔鷲',
  'Horned Falcon': '鷹',
  Knight: '桂',
  'Angry Boar': '猪',
  'Free Boar': '奔猪',
  'Evil Wolf': '狼',
  Wolf: '狼',
  'Violent Ox': '牛',
  'Flying Ox': '飛牛',
  'Flying Dragon': '蛟',
  'Cat Sword': '猫',
  'Fire Demon': '火',
  'Heavenly Tetrarch': '天',
  Tetrarchs: '天',
  'Great General': '大将',
  'Vice General': '副将',
  'Rook General': '飛将',
  'Bishop General': '角将',
  'Multi General': '雑将',
  'Left General': '左将',
  'Right General': '右将',
  'Chariot Soldier': '車兵',
  'Vertical Soldier': '竪兵',
  'Side Soldier': '横兵',
  Soldier: '兵',
  Chariot: '車',
  'Left Chariot': '左車',
  'Right Chariot': '右車',
  'Water Buffalo': '水牛',
  Buffalo: '水牛',
  'Flying Horse': '天馬',
  'Sliding Snake': '蛇',
  Snake: '蛇',
  Viper: '蝮',
  'Hook Mover': '鉤',
  Capricorner: '摩',
  'Crowned Bishop': '冠角',
  Castle: '城',
  Butterfly: '蝶',
  Kite: '鳶',
  Goblin: '鬼',
  Ghost: '霊',
  Saint: '聖',
  Priest: '僧',
  Pirate: '賊',
  Hun: '胡',
  Viking: '海',
  Berserker: '狂',
  Harpy: '鳥',
  Griffon: '鷲獅',
  Unicorn: '麟',
  Dog: '犬',
  Bear: '熊',
  Greyhound: '猟',
  Commoner: '民',
  Guardian: '衛',
  'Broad Guard': '広衛',
  'Deep Guard': '縦衛',
  Wrestler: '力',
  Regent: '摂',
  Flag: '旗',
  Gun: '砲',
  'Golden Bird': '金鳥',
  'Jumping Bishop': '跳角',
  'Jumping Rook': '跳飛',
  'Jumping Queen': '跳奔',
  'Narrow Queen': '狭奔',
  'Running Copper': '走銅',
  'Running Silver': '走銀',
  'Running Gold': '走金',
  // Wa Shogi: the animal names, two kanji each.
  'Crane King': '鶴玉',
  'Cloud Eagle': '雲鷲',
  'Flying Falcon': '飛鷹',
  "Swallow's Wings": '燕羽',
  'Treacherous Fox': '隠狐',
  'Running Rabbit': '走兎',
  'Violent Wolf': '猛狼',
  'Violent Stag': '猛鹿',
  'Flying Goose': '鳫飛',
  'Climbing Monkey': '登猿',
  'Flying Cock': '鶏飛',
  'Strutting Crow': '烏行',
  'Swooping Owl': '鴟行',
  'Blind Dog': '盲犬',
  'Liberated Horse': '風馬',
  Oxcart: '牛車',
  'Sparrow Pawn': '萑歩',
  'Tenacious Falcon': '鶚鷹',
  'Gliding Swallow': '燕行',
  "Bear's Eyes": '熊眼',
  'Roaming Boar': '行猪',
  'Raiding Falcon': '延鷹',
  'Heavenly Horse': '天馬',
  'Plodding Ox': '歩牛',
};

/** A piece's English name without "(promoted X)" or "(Buffalo)". */
export function baseName(name) {
  return name.replace(/\s*\(.*\)\s*$/, '');
}

/** A token's letters as a label: `+D'` -> `D'` (promotion is shown by colour). */
export function latinLabel(token) {
  return token.replace('+', '').toUpperCase();
}

/** The kanji for a piece name, or null when the table has none. */
export function kanji(name) {
  return KANJI[baseName(name)] ?? null;
}

/** The label for a piece type in the chosen style ('kanji' or 'latin'). */
export function pieceLabel(type, style) {
  if (style === 'kanji') {
    const k = kanji(type.name);
    if (k) return k;
  }
  return latinLabel(type.token);
}

/** Whether the browser draws `text` (by default a kanji) in `font` (a CSS
 * font-family list): false where no font it has holds it and it would show
 * as empty boxes. Judged by drawing it beside a code point no font has (a
 * private-use one): the two come out the same only as boxes. `doc` is the
 * page's document; true where it cannot draw (nothing to judge by). */
export function drawsKanji(doc, font, text = KANJI.King) {
  const SIZE = 32;
  const draw = (text) => {
    const canvas = doc.createElement('canvas');
    canvas.width = SIZE;
    canvas.height = SIZE;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    ctx.font = `24px ${font}`;
    ctx.textBaseline = 'top';
    ctx.fillText(text, 2, 2);
    return ctx.getImageData(0, 0, SIZE, SIZE).data.join();
  };
  const missing = draw('\u{10FFFD}');
  return missing === null || draw(text) !== missing;
}
