/** Turkish: written to {DATA_DIR}/rules.tr.md and information.tr.md on first use, for the operator to edit. */
export const TURKISH_RULES = `# Kurallar

Bu kurallar, bu portal üzerinden oynanan her oyun için geçerlidir. Oynayarak bunları kabul etmiş
olursunuz. İşletmeci kuralları değiştirebilir; burada gösterilen sürüm yürürlükte olandır.

## Kimler oynayabilir

- En az 18 yaşında olmalısınız; yerel yasa daha büyük bir yaş istiyorsa o yaşta.
- Kişi başına bir hesap. Hesaplar kişiseldir; paylaşılamaz, satılamaz, ödünç verilemez.
- Şifrenizi kimseyle paylaşmayın. Başka birinin bildiğini düşünüyorsanız Profil sayfasından hemen değiştirin.

## Bakiyeniz

- Bakiyeniz Türk lirası (TRY) olarak tutulur. Her para yatırma, para çekme, aktarım ve ödeme,
  sonrasındaki bakiyeyle birlikte İşlemler sayfasında listelenir.
- Bir makineye aktardığınız para (Makineye Aktarım) bakiyenizden çıkar ve o makinede kredi olur.
  Topladığınız kredi (Makineden Aktarım) bakiyenize döner.
- Makinenin kabul edemediği bir aktarım iptal edilir ve tutar bakiyenize döner.

## Makine oynamak

- Makineler gerçek slot makineleridir ve size canlı video ile gösterilir. Her sonucu makinenin kendisi
  belirler; video yalnızca gösterir.
- Bir makineyi aynı anda tek bir oyuncu oynar. Bağlantınız koparsa koltuğunuz kısa bir süre sizde kalır;
  yeniden bağlanıp devam edebilir ya da kredinizi bakiyenize aktarabilirsiniz.
- Boşta kalan bir oturum kapatılabilir; makinede kalan kredi bakiyenize aktarılır.
- Her oturum, makineye aktarılan ve makineden alınan tutarlar ve çevirme sayısıyla Slot Oturumları
  sayfasında listelenir.

## Arızalar

- Arıza, etkilediği tüm ödemeleri ve oyunları geçersiz kılar.
- Bağlantı koparsa makinedeki oyun yalnızca başlamış olduğu kadar sürer; sizsiz yeni bir çevirme
  başlamaz. Makinedeki kredi asla kaybolmaz: bakiyenize aktarılır.

## El ödemeleri ve büyük ikramiyeler

- Makinenin elle ödediği kazançlar (el ödemesi) ve büyük ikramiyeler (jackpot), işletmeci tarafından
  onaylandıktan sonra bakiyenize eklenir.

## Bonuslar

- İndirim, bonus ve haftalık bonus teklifleri, alırken gösterilen kendi koşullarına tabidir.
- Haftalık bonusun ödemesi en fazla aldığınız bonusun 10 katı ve en fazla 100.000 TL'dir.

## Sorumlu oyun

- Para kazanmak için değil, eğlenmek için oynayın. Kendinize sınırlar koyun ve ara verin.
- Ara vermek ya da hesabınızı kapatmak isterseniz bize ulaşın, yardımcı olalım.

## Şikâyetler

Tarih ve saati, makineyi ve ne olduğunu yazarak bize ulaşın. Her oturum ve işlem kayıt altındadır ve
incelenir.
`;

export const TURKISH_INFORMATION = `# Bilgi

Hoş geldiniz. Lobideki her makine salonumuzdaki gerçek bir kabindir: gördüğünüz, onun canlı videosudur
ve basışlarınız ona saniyenin çok küçük bir bölümünde ulaşır.

- **Oynamak**: lobiden bir makine açın, cüzdan düğmesiyle bakiyenizden makineye para aktarın ve Çevir'e
  basın. Topla, makinedeki krediyi bakiyenize geri aktarır.
- **Paranız**: her hareket İşlemler sayfasında, her oyun Slot Oturumları sayfasındadır.
- **Yardım**: sayfanın altındaki iletişim bağlantılarından bize yazın.

Lütfen sorumlu oynayın. Kurallar sayfası, her oyun için geçerli olanları anlatır.
`;
