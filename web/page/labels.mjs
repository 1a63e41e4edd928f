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
