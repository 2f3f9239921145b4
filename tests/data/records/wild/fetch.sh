#!/bin/sh
# Copies the record files listed in SOURCES.md into files/ (needs git and network access).
# Usage: tests/data/records/wild/fetch.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
get() { # owner/name commit path...
  repo=$1; commit=$2; shift 2
  dir="$tmp/$(echo "$repo" | tr / +)"
  git init -q "$dir"
  git -C "$dir" fetch -q --depth 1 "https://github.com/$repo" "$commit"
  for p in "$@"; do
    out="$here/files/$(echo "$repo" | tr / +)/$p"
    mkdir -p "$(dirname "$out")"
    git -C "$dir" show "$commit:$p" > "$out"
  done
}
get sunfish-shogi/tsshogi 476aa00b4b5f3fc61f616a75f9f018fbaf1b910d \
  'sample/sample.kifu' \
  'src/tests/testdata/jkf/sample01.jkf' \
  'src/tests/testdata/jkf/sample02.jkf' \
  'src/tests/testdata/jkf/sample03.jkf' \
  'src/tests/testdata/jkf/sample04.jkf' \
  'src/tests/testdata/jkf/sample05.jkf'
get na2hiro/json-kifu-format 0df0ed4740e2f3fd1ffc84403bde7926b50ba866 \
  'test/files/csa/2005_GPS_K-SHOGI.csa' \
  'test/files/csa/2005_YAMADA_GPS.csa' \
  'test/files/csa/8mai.csa' \
  'test/files/csa/8mai_hirate.csa' \
  'test/files/csa/9fu.csa' \
  'test/files/csa/9fu_komabetsu.csa' \
  'test/files/csa/chudan.csa' \
  'test/files/csa/dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040.csa' \
  'test/files/csa/example.csa' \
  'test/files/csa/formal.csa' \
  'test/files/csa/illegal_lose.csa' \
  'test/files/csa/illegal_win.csa' \
  'test/files/csa/noeol.csa' \
  'test/files/csa/v2.csa' \
  'test/files/jkf/ryuou201409020101.jkf' \
  'test/files/jkf/same_move_minimal.jkf' \
  'test/files/ki2/20091203.ki2' \
  'test/files/ki2/7mai.ki2u' \
  'test/files/ki2/8mai.ki2' \
  'test/files/ki2/8mai.ki2u' \
  'test/files/ki2/9fu.ki2' \
  'test/files/ki2/chudan.ki2' \
  'test/files/ki2/denou3-1.ki2' \
  'test/files/ki2/fork.ki2' \
  'test/files/ki2/illegal.ki2' \
  'test/files/ki2/kobayashi_kinsho196702.ki2' \
  'test/files/ki2/noeol.ki2' \
  'test/files/kif/20081220kyoochi.kif' \
  'test/files/kif/8mai.kif' \
  'test/files/kif/9fu.kif' \
  'test/files/kif/chudan.kif' \
  'test/files/kif/doh_branch.kifu' \
  'test/files/kif/fork-notime.kif' \
  'test/files/kif/fork-test.kif' \
  'test/files/kif/fork.kif' \
  'test/files/kif/henka.kif' \
  'test/files/kif/illegal.kif' \
  'test/files/kif/jt201409130101.kif' \
  'test/files/kif/kifu_for_iphone.kif' \
  'test/files/kif/kiou201403160101.kif' \
  'test/files/kif/last-fork.kifu' \
  'test/files/kif/last_comment.kif' \
  'test/files/kif/meijinsen_20180508_M7_10034.kif' \
  'test/files/kif/no_henka.kif' \
  'test/files/kif/no_henka.kifu' \
  'test/files/kif/noeol.kif' \
  'test/files/kif/oui201407080101.kif' \
  'test/files/kif/ouza201410070101.kif' \
  'test/files/kif/ryuou201409020101.kif' \
  'test/files/kif/ryuou4.kif' \
  'test/files/kif/shogidb2.kifu' \
  'test/files/kif/shogidokoro.kifu' \
  'test/files/kif/taichitsume.kif'
get na2hiro/Kifu-for-JS ec25e958b1ced50a3428e52f9627c0c7b2c21c23 \
  'packages/Kifu-for-JS/examples/files/csa/8mai.csa' \
  'packages/Kifu-for-JS/examples/files/jkf/ryuou201409020101.jkf' \
  'packages/Kifu-for-JS/examples/files/ki2/9fu.ki2' \
  'packages/Kifu-for-JS/examples/files/kif/32ryu-cumbersome.kif' \
  'packages/Kifu-for-JS/examples/files/kif/fork.kif' \
  'packages/Kifu-for-JS/examples/files/kif/hashimoto-sos.kif' \
  'packages/Kifu-for-JS/examples/files/kif/jt201409130101.kif' \
  'packages/Kifu-for-JS/examples/files/kif/kanju-kemuri.kif' \
  'packages/Kifu-for-JS/examples/fu-10.kif'
get sunfish-shogi/shogihome 040d2921d6f9b37ce3768b44dad86a0bc0668939 \
  'src/command/usi-csa-bridge/e2e/scenario/1/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/10/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/11/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/12/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/13/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/14/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/15/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/16/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/17/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/18/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/19/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/2/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/20/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/21/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/22/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/23/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/24/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/25/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/26/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/27/record.csa' \
  'src/command/usi-csa-bridge/e2e/scenario/28/record.kif' \
  'src/command/usi-csa-bridge/e2e/scenario/29/record.jkf' \
  'src/command/usi-csa-bridge/e2e/scenario/3/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/30/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/31/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/32/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/33/record-1.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/33/record-2.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/34/record-1.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/34/record-2.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/4/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/5/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/6/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/7/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/8/record.kifu' \
  'src/command/usi-csa-bridge/e2e/scenario/9/record.kifu' \
  'src/tests/testdata/book/source-with-score/src01.kifu' \
  'src/tests/testdata/book/source-with-score/src02.kifu' \
  'src/tests/testdata/book/source-with-score/src03.kifu' \
  'src/tests/testdata/book/source/src01.ki2' \
  'src/tests/testdata/book/source/src02.kifu' \
  'src/tests/testdata/book/source/src03.csa' \
  'src/tests/testdata/book/source/src04.csa' \
  'src/tests/testdata/conversion/input/csa-sjis.csa' \
  'src/tests/testdata/conversion/input/ki2-sjis.ki2' \
  'src/tests/testdata/conversion/input/ki2u-utf8.ki2u' \
  'src/tests/testdata/conversion/input/kif-sjis.kif' \
  'src/tests/testdata/conversion/input/kifu-utf8.kifu' \
  'src/tests/testdata/conversion/input/sub01/kif-sjis.kif' \
  'src/tests/testdata/conversion/input/sub01/sub0101/kif-sjis.kif' \
  'src/tests/testdata/conversion/input/sub02/kif-sjis.kif' \
  'src/tests/testdata/conversion/output/all-to-csa/v3/csa-sjis.csa' \
  'src/tests/testdata/conversion/output/all-to-csa/v3/ki2-sjis.csa' \
  'src/tests/testdata/conversion/output/all-to-csa/v3/ki2u-utf8.csa' \
  'src/tests/testdata/conversion/output/all-to-csa/v3/kif-sjis.csa' \
  'src/tests/testdata/conversion/output/all-to-csa/v3/kifu-utf8.csa' \
  'src/tests/testdata/conversion/output/csa-to-ki2/csa-sjis.ki2' \
  'src/tests/testdata/conversion/output/ki2u-to-kifu/number-suffix/ki2u-utf8-2.kifu' \
  'src/tests/testdata/conversion/output/ki2u-to-kifu/number-suffix/ki2u-utf8-3.kifu' \
  'src/tests/testdata/conversion/output/ki2u-to-kifu/number-suffix/ki2u-utf8.kifu' \
  'src/tests/testdata/conversion/output/ki2u-to-kifu/overwrite/ki2u-utf8.kifu' \
  'src/tests/testdata/conversion/output/ki2u-to-kifu/skip/ki2u-utf8.kifu'
get sugyan/shogi-kifu-converter 688b1eaed7a443af5a60b14085bec0a874c4e99b \
  'data/tests/csa/WCSC32_F7_NBS_DLS.csa' \
  'data/tests/csa/floodgate.csa' \
  'data/tests/csa/initial_2.csa' \
  'data/tests/csa/initial_4.csa' \
  'data/tests/csa/initial_6.csa' \
  'data/tests/csa/initial_hi.csa' \
  'data/tests/csa/initial_hirate.csa' \
  'data/tests/csa/initial_ka.csa' \
  'data/tests/csa/initial_ky.csa' \
  'data/tests/csa/tsumeshogi.csa' \
  'data/tests/csa/v22.csa' \
  'data/tests/ki2/4.ki2' \
  'data/tests/ki2/4.ki2u' \
  'data/tests/ki2/simple.ki2' \
  'data/tests/ki2/simple.ki2u' \
  'data/tests/kif/Shogidokoro.kif' \
  'data/tests/kif/Shogidokoro.kifu' \
  'data/tests/kif/empty.kif' \
  'data/tests/kif/empty.kifu' \
  'data/tests/kif/everyday_20211107.kif' \
  'data/tests/kif/everyday_20211107.kifu' \
  'data/tests/kif/everyday_20220604.kif' \
  'data/tests/kif/everyday_20220604.kifu' \
  'data/tests/kif/example.kif' \
  'data/tests/kif/example.kifu' \
  'data/tests/kif/forks.kif' \
  'data/tests/kif/forks.kifu' \
  'data/tests/kif/oui202106290101.kif' \
  'data/tests/kif/piyo-shogi_KY.kif' \
  'data/tests/kif/piyo-shogi_KY.kifu'
get gunyarakun/python-shogi a814cbff51b0703df2503ee59408fefd2e464ae5 \
  'data/games/habu-fujii-2006.kif'
